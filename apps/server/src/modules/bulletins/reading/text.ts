/**
 * The text a bulletin prints, reduced to what can be compared: lower case,
 * without accents, ordinal marks as letters ('5°', '5º' → '5o'), one space
 * between words. Courts print the same name in many ways (ACUERDOS in capitals,
 * 'Juzgado 5° de lo Civil', 'QUINTO DE LO CIVIL'); every comparison here is
 * made on this form.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[°º]/g, 'o')
    .replace(/ª/g, 'a')
    .toLowerCase()
    .replace(/[\u00a0\s]+/g, ' ')
    .trim();
}

const UNITS: Record<string, number> = {
  primero: 1,
  primer: 1,
  segundo: 2,
  tercero: 3,
  tercer: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
  septimo: 7,
  setimo: 7,
  octavo: 8,
  noveno: 9,
  nono: 9,
};
const TENS: Record<string, number> = {
  decimo: 10,
  vigesimo: 20,
  trigesimo: 30,
  cuadragesimo: 40,
  quincuagesimo: 50,
  sexagesimo: 60,
  septuagesimo: 70,
  octogesimo: 80,
  nonagesimo: 90,
};
const SPECIAL: Record<string, number> = { undecimo: 11, duodecimo: 12, centesimo: 100 };

/** A court's ordinal as its name says it, 1 to 10: 'primero', 'décimo'. */
export function ordinalName(n: number): string {
  return ['', 'primero', 'segundo', 'tercero', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo'][n] ?? String(n);
}

/** A folded ordinal word to its number, feminine too ('quinta' → 5), or null. */
function ordinalWord(word: string): number | null {
  const candidates = [word, word.replace(/a$/, 'o')];
  for (const candidate of candidates) {
    if (candidate in UNITS) return UNITS[candidate]!;
    if (candidate in TENS) return TENS[candidate]!;
    if (candidate in SPECIAL) return SPECIAL[candidate]!;
    // Written as one word: 'decimoquinto', 'vigesimoprimero'.
    for (const [ten, tenValue] of Object.entries(TENS)) {
      if (candidate.startsWith(ten) && candidate.length > ten.length) {
        const unit = candidate.slice(ten.length);
        if (unit in UNITS) return tenValue + UNITS[unit]!;
      }
    }
  }
  return null;
}

/** Ordinals as numerals: '5o', '5o.', '5/o', '5to', '1er', '3ero', '5a', '12vo', '5' (folded text). */
const NUMERAL_ORDINAL = /^(\d{1,3})(?:o|a|\/o|\/a|er|ero|era|do|da|to|ta|vo|va|no|na|mo|ma)?\.?$/;

/**
 * The ordinal that opens `words` (folded words), and how many words it took:
 * 'vigesimo quinto de lo civil' → 25 in two words; '5o. civil' → 5 in one.
 */
export function ordinalAt(words: string[], start: number): { value: number; length: number } | null {
  const first = words[start];
  if (!first) return null;
  const numeral = NUMERAL_ORDINAL.exec(first);
  if (numeral) return { value: Number(numeral[1]), length: 1 };
  const value = ordinalWord(first);
  if (value === null) return null;
  // 'decimo quinto', 'vigesimo primero': a ten followed by a unit.
  if (value % 10 === 0 && value < 100) {
    const next = words[start + 1];
    const unit = next ? ordinalWord(next) : null;
    if (unit !== null && unit < 10) return { value: value + unit, length: 2 };
  }
  return { value, length: 1 };
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** '26 de noviembre de 2026' (folded, 'setiembre' too) as '2026-11-26', or null. */
export function spanishDate(folded: string): string | null {
  const match = /(\d{1,2})\s+de\s+([a-z]+)\s+(?:de|del)\s+(\d{4})/.exec(folded);
  if (!match) return null;
  const month = MONTHS.indexOf(match[2] === 'setiembre' ? 'septiembre' : match[2]!);
  const day = Number(match[1]);
  if (month < 0 || day < 1 || day > 31) return null;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The same folding, one character for one: the folded text has the length of
 * the original (NFC), so a position found in one is the position in the
 * other. The reader finds numbers and labels in the folded text and cuts the
 * entry, as printed, from the original.
 */
export function foldAligned(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : code === 9 || code === 10 || code === 13 ? ' ' : text[i];
      continue;
    }
    const char = text[i]!;
    let folded = FOLDED.get(char);
    if (folded === undefined) {
      if (char === '°' || char === 'º') folded = 'o';
      else if (char === 'ª') folded = 'a';
      else if (/\s/.test(char)) folded = ' ';
      else {
        const base = char.normalize('NFD')[0]!.toLowerCase();
        folded = base.length === 1 ? base : char;
      }
      FOLDED.set(char, folded);
    }
    out += folded;
  }
  return out;
}

/** Each character outside ASCII, folded once. */
const FOLDED = new Map<string, string>();

/** Text as the reader keeps it: composed accents (NFC), no stray combining marks, one space between words. */
export function tidy(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0300-\u036f\u00ad\u200b-\u200d\ufeff]/g, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Share of a line's letters that are capitals: headings are printed in capitals, entries and edictos mostly are not. */
export function capitalsShare(text: string): number {
  let letters = 0;
  let capitals = 0;
  for (const char of text) {
    if (char.toLowerCase() === char.toUpperCase()) continue;
    letters += 1;
    if (char === char.toUpperCase()) capitals += 1;
  }
  return letters === 0 ? 0 : capitals / letters;
}

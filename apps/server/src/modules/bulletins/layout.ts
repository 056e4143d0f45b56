import { type Court, materiaOf, parseCourt, secretariaOf } from './courts';
import { expedientesIn } from './expedientes';
import { fold, spanishDate } from './text';

/** One entry of a bulletin: what it says, under which court and secretaría, of which day's acuerdos. */
export interface BulletinEntry {
  /** Its place in the bulletin, from 0. */
  index: number;
  text: string;
  court: Court | null;
  /** The court's heading as printed ('JUZGADO QUINTO DE LO CIVIL'). */
  courtLabel: string | null;
  /** 'ACUERDOS DEL 26 DE NOVIEMBRE DE 2026', as a day. */
  fechaAcuerdos: string | null;
}

export interface ReadBulletin {
  /** The bulletin's own date when it prints one before any court. */
  fecha: string | null;
  entries: BulletinEntry[];
}

/** A line that opens an entry: its number in the list ('12.-', '3)', '45 '), or the expediente first ('Exp. 123/2024', '123/2024'). */
const ENTRY_START =
  /^(?:\d{1,4}\s*(?:\.-|\.|\)|-)\s*\S|\d{1,4}\s+\d{1,6}\s*\/\s*\d{2,4}\b|(?:exp(?:ediente)?\.?|num\.?|no\.?|nu?m\.? exp\.?)\s*(?:num(?:ero)?\.?\s*)?\d|\d{1,6}\s*\/\s*\d{2,4}\b)/;

/** A section naming the materia of the courts under it, with no number: 'JUZGADOS DE LO CIVIL', 'SALAS FAMILIARES'. */
function sectionMateria(folded: string) {
  if (!/^(juzgados|salas|tribunales|seccion)\b/.test(folded) || /\d/.test(folded)) return null;
  return materiaOf(folded);
}

/**
 * A court's heading: a short line that names a court and no expediente
 * ('JUZGADO 5o. DE LO CIVIL', 'QUINTO DE LO FAMILIAR', 'TERCERA SALA CIVIL').
 * An entry that mentions a court ('remítase al Juzgado Quinto…') is longer,
 * or carries its expediente, or does not start with the court's words.
 */
function headingCourt(line: string, folded: string, materia: ReturnType<typeof materiaOf>) {
  if (folded.length > 110 || expedientesIn(line).length > 0 || /\b(vs|contra|promovido|demandad[oa]|actor(a)?)\b/.test(folded)) return null;
  if (
    !/^(juzgado|juez|sala|tribunal|\d{1,3}\s*(o|a|\/o|\/a|er|ero|era|to|ta|vo|va|no|na|mo|ma)\.?\s|[a-z]+(esim|ecim|imer|egund|ercer|uart|uint|ext|eptim|ctav|oven)[oa]s?\b)/.test(
      folded,
    )
  )
    return null;
  return parseCourt(line, materia);
}

/**
 * An expediente that closes an entry, as the Mexico City bulletin prints
 * them ('… Ejecutivo Mercantil. Exp. 123/2024.'), with what may follow the
 * number ('Tomo II', 'Legajo 3', 'Amparo', 'bis') and the full stop.
 */
const CLOSING_EXPEDIENTE =
  /\b(?:exp(?:ediente)?|expte)\.?\s*(?:num(?:ero)?\.?\s*|no\.?\s*)?\d{1,6}\s*\/\s*(?:\d{4}|\d{2})(?![\d/])(?:[-\s]*(?:bis|tomo\s+[ivxlc\d]+|legajo\s+\w+|cuaderno(?:\s+de)?\s+\w+|amparo|[a-z]\b))*\s*\.?/gi;

/**
 * Splits a court's block into entries, the way its bulletin lays them out.
 * Where entries end with their expediente (Mexico City), each runs to the
 * number that closes it; where they begin with it or with their place in
 * the list ('12.-', 'Exp. 45/2024 …'), each runs to the next beginning. A
 * blank line always ends one (pasted text, pages from HTML).
 */
function entriesOf(block: string[][]): string[] {
  const texts: string[] = [];
  for (const paragraph of block) {
    const joined = paragraph.join(' ').trim();
    if (!joined) continue;
    const folded = fold(joined);
    const first = expedientesIn(joined)[0];
    const firstAt = first ? folded.search(new RegExp(`(?<![\\d/])0*${first.numero}\\s*/`)) : -1;
    const closing = [...joined.matchAll(CLOSING_EXPEDIENTE)];
    const numberLast = closing.length > 0 && firstAt > 20;
    if (numberLast) {
      let from = 0;
      for (const match of closing) {
        const end = match.index + match[0].length;
        const text = joined.slice(from, end).trim();
        if (text) texts.push(text);
        from = end;
      }
      const rest = joined.slice(from).trim();
      // Words after the last number belong to no entry of this court unless they hold a number of their own.
      if (rest && expedientesIn(rest).length > 0) texts.push(rest);
      continue;
    }
    let current: string[] = [];
    for (const line of paragraph) {
      if (ENTRY_START.test(fold(line)) && current.length) {
        texts.push(current.join(' ').trim());
        current = [];
      }
      current.push(line);
    }
    if (current.length) texts.push(current.join(' ').trim());
  }
  return texts;
}

/**
 * Reads a bulletin's text the way it is laid out: sections and court
 * headings, 'SECRETARÍA "B"', 'ACUERDOS DEL …' dates, then the entries under
 * them (entriesOf: an entry may run over several lines, since a PDF breaks
 * them where the column ends). Text before the first court, and page
 * furniture (page numbers), are not entries.
 */
export function readBulletin(text: string): ReadBulletin {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/\s+/g, ' ').trim());
  let fecha: string | null = null;
  let materia: ReturnType<typeof materiaOf> = null;
  let court: Court | null = null;
  let courtLabel: string | null = null;
  let fechaAcuerdos: string | null = null;
  const entries: BulletinEntry[] = [];
  // The court's lines, in paragraphs (a blank line starts a new one).
  let block: string[][] = [[]];

  const close = () => {
    if (court) for (const entry of entriesOf(block)) entries.push({ index: entries.length, text: entry, court, courtLabel, fechaAcuerdos });
    block = [[]];
  };

  for (const line of lines) {
    if (!line) {
      if (block[block.length - 1]!.length) block.push([]);
      continue;
    }
    const folded = fold(line);
    if (/^(pagina|pag\.)\s*\d+(\s*de\s*\d+)?$/.test(folded) || /^\d{1,4}$/.test(folded)) continue;
    const section = sectionMateria(folded);
    if (section) {
      close();
      materia = section;
      court = null;
      continue;
    }
    const heading = headingCourt(line, folded, materia);
    if (heading) {
      close();
      court = heading;
      courtLabel = line;
      fechaAcuerdos = null;
      continue;
    }
    if (/^(secretaria|sria\.?)\b/.test(folded) && folded.length < 40 && court) {
      close();
      court = { ...court, secretaria: secretariaOf(folded) };
      continue;
    }
    if (/^(acuerdos|lista de acuerdos|relacion de acuerdos)\b/.test(folded) && folded.length < 80) {
      close();
      const day = spanishDate(folded);
      if (court) fechaAcuerdos = day;
      else fecha ??= day;
      continue;
    }
    if (!court) {
      // The bulletin's own date: the first one printed before any court ('Ciudad de México, jueves 26 de noviembre de 2026').
      fecha ??= spanishDate(folded);
      continue;
    }
    block[block.length - 1]!.push(line);
  }
  close();
  return { fecha, entries };
}

import { type CaseNumber, type FoundNumber, numbersInFolded } from './numbers';
import { foldAligned, tidy } from './text';

/* How a court's text is cut into entries: closed by their number (Mexico City) or opened by it (reader.ts decides which). */

/** A line that opens an entry where entries start with their number: its place in the list ('12.-', '3)'), or the expediente first. */
export const ENTRY_START =
  /^(?:\d{1,4}\s*(?:\.-|\.|\)|-)\s*\S|\d{1,4}\s+(?:[a-z-]{1,8}\.?\s*)?\d{1,6}\s*\/\s*\d{2,4}\b|(?:exp(?:ediente)?\.?|num\.?|no\.?|nu?m\.? exp\.?|t\.\s*[a-z]{1,4}\.?|toca)\s*(?:num(?:ero)?\.?\s*)?\d|\d{1,6}\s*\/\s*\d{2,4}\b)/;

/** What may follow an expediente at the end of an entry, as the Mexico City bulletin prints it ('Tomo II', 'Segundo Tomo', 'Expedientillo', 'Sent. Def.'). */
const SUFFIX_ITEMS = [
  /-\s*[ivx]{1,4}\b/y,
  /-\s*[a-z]\b/y,
  /tomo\s+[ivxl\d]+\b/y,
  /(?:primer|primero|segundo|tercer|tercero|cuarto|quinto|sexto|septimo|octavo)\s+tomo\b/y,
  /expedientillo\b/y,
  /cuadernillo(?:\s+de\s+[a-z]+)?\b/y,
  /cuaderno(?:\s+de\s+[a-z]+)?\b/y,
  /legajo\s+[a-z\d]+\b/y,
  /bis\b/y,
  /sent(?:encia)?\b\.?(?:\s*(?:def|int)[a-z]*\b\.?)?/y,
  /incidente(?:\s+de\s+[a-z]+)?\b/y,
  /acumulados?\b/y,
  /amparo\b/y,
  /principal\b/y,
  /duplicado\b/y,
  /\d{1,3}\s+acdos?\b\.?/y,
  /acdos?\b\.?/y,
  /secc?(?:ion)?\.?\s+[a-z\d]{1,3}\b/y,
];

/** The same suffixes, after optional spaces, at the start of a text: whether one more follows. */
const SUFFIX_NEXT = SUFFIX_ITEMS.map((item) => new RegExp(`^\\s*${item.source}`));

/** Where the suffixes after a closing number end (folded text, from `at`). */
function suffixEnd(folded: string, at: number): number {
  let end = at;
  for (let items = 0; items < 6; items += 1) {
    const separator = /[\s.,;:]*/y;
    separator.lastIndex = end;
    separator.exec(folded);
    const from = separator.lastIndex;
    let matched = -1;
    for (const item of SUFFIX_ITEMS) {
      item.lastIndex = from;
      if (item.exec(folded)) {
        matched = item.lastIndex;
        break;
      }
    }
    if (matched < 0) break;
    // A suffix stands alone: it ends in a stop, or after it come the end, a stop or another suffix ('AMPARO RUIZ vs. …' opens the next entry).
    const rest = folded.slice(matched);
    const closed = folded[matched - 1] === '.' || /^\s*([.,;)]|$)/.test(rest) || SUFFIX_NEXT.some((item) => item.test(rest));
    if (!closed) break;
    end = matched;
  }
  // The entry's own full stop.
  const stop = /\s*\./y;
  stop.lastIndex = end;
  return stop.exec(folded) ? stop.lastIndex : end;
}

export const caseNumber = (number: FoundNumber): CaseNumber => ({ numero: number.numero, anio: number.anio, tipo: number.tipo, clase: number.clase, sufijo: number.sufijo });

/** The numbers of a piece of text in groups (one label's numbers together). */
function groupsOf(numbers: FoundNumber[]): FoundNumber[][] {
  const groups: FoundNumber[][] = [];
  for (const number of numbers) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.group === number.group) last.push(number);
    else groups.push([number]);
  }
  return groups;
}

export interface Segment {
  text: string;
  own: CaseNumber[];
  mentioned: CaseNumber[];
}

/**
 * Entries closed by their expediente, as Mexico City prints them ('… Especial
 * Hipotecario. Exp. 123/2024 Tomo II.'): each runs to the labelled number
 * that closes it and the suffixes after it. A labelled number followed by
 * more of the same sentence ('…del Exp. 55/2020, promovido por…') does not
 * close it; an amparo's or an exhorto's number never does. What is left
 * after the last closing number is a fragment: text the reader could not
 * place in an entry.
 */
export function numberLast(text: string): { segments: Segment[]; fragment: Segment | null } {
  const folded = foldAligned(text);
  const numbers = numbersInFolded(folded);
  const segments: Segment[] = [];
  let from = 0;
  let pending: FoundNumber[] = [];
  for (const group of groupsOf(numbers)) {
    const first = group[0]!;
    const last = group[group.length - 1]!;
    if (first.tipo !== 'expediente' && first.tipo !== 'toca') {
      pending.push(...group);
      continue;
    }
    const end = suffixEnd(folded, last.end);
    const next = text.slice(end).match(/^\s*(\S)/)?.[1];
    // More of the same sentence after it (a lower-case word, a comma): a mention, not the entry's close.
    if (next !== undefined && (/[,;:]/.test(next) || (next !== next.toUpperCase() && next === next.toLowerCase() && /\p{L}/u.test(next)))) {
      pending.push(...group);
      continue;
    }
    const entryText = tidy(text.slice(from, end));
    const own = group.filter((number) => !number.acumulado);
    const mentioned = [...pending.filter((number) => number.start >= from), ...group.filter((number) => number.acumulado)];
    if (entryText) segments.push({ text: entryText, own: own.map(caseNumber), mentioned: mentioned.map(caseNumber) });
    pending = [];
    from = end;
  }
  const rest = tidy(text.slice(from));
  const fragment = rest ? { text: rest, own: [], mentioned: numbers.filter((number) => number.start >= from).map(caseNumber) } : null;
  return { segments, fragment };
}

/** An entry that starts with its number (a numbered list, a pasted paragraph): its own number is the first labelled one, or the one it opens with. */
export function numberFirstSegment(text: string): Segment {
  const folded = foldAligned(text);
  const numbers = numbersInFolded(folded);
  const groups = groupsOf(numbers);
  const owned =
    groups.find((group) => group[0]!.tipo === 'expediente' || group[0]!.tipo === 'toca') ??
    groups.find((group) => group[0]!.tipo === null && group[0]!.labelStart <= Math.max(14, folded.search(/\S/) + 14));
  const own = owned?.filter((number) => !number.acumulado) ?? [];
  return { text, own: own.map(caseNumber), mentioned: numbers.filter((number) => !own.includes(number)).map(caseNumber) };
}

import { fold, foldAligned } from './text';

/**
 * What a number printed in a bulletin is the number of. Courts number their
 * expedientes, the Salas their tocas (an appeal, 'T. Ap 412/2025/001'; a
 * queja, 'T. Qu 88/2026/001'), the federal courts their amparos, and an
 * exhorto has its own: the same digits in two of them are two matters.
 */
export type NumberKind = 'expediente' | 'toca' | 'amparo' | 'exhorto';

/** A number over a year, as printed: '0123/2024', 'Exp. 123/24', 'T. Ap 412/2025/001'. */
export interface CaseNumber {
  numero: number;
  anio: number;
  /** What the label before it says it is (null: no label, as in a list's number column). */
  tipo: NumberKind | null;
  /** A toca's kind ('ap', 'qu', 'rev'…), when printed. */
  clase: string | null;
  /** A toca's consecutive ('001': the first appeal of that number), when printed. */
  sufijo: string | null;
}

/** A number found in a text, where it is (positions in the folded text, which are those of the text: foldAligned) and the label group it belongs to. */
export interface FoundNumber extends CaseNumber {
  start: number;
  end: number;
  /** Where its label starts (its own start when unlabelled). */
  labelStart: number;
  /** Numbers printed under one label ('Expedientes 123/2024 y 456/2023') share the group of the first. */
  group: number;
  /** Joined to the one before as its acumulado ('Exp. 123/2024 y acumulado 77/2024'): printed with the entry, not the entry's own. */
  acumulado: boolean;
}

/**
 * A number over a year, not inside a longer number or a date: the digits
 * before the slash are not preceded by a digit or a slash. A third part
 * after a four-digit year is a toca's consecutive ('412/2025/001'); after a
 * two-digit one ('12/11/2024') the whole is a date. Spaces around the slash
 * are allowed: a PDF's text may break a line there.
 */
const NUMBER = /(?<![\d/])(\d{1,6})\s*\/\s*(\d{4}|\d{2})(?:\s*\/\s*(\d{1,4}))?(?![\d/])/g;

/** The labels a number may carry, read backwards from it (folded text, the label ending right before the number). */
const LABELS: [NumberKind, RegExp][] = [
  // 'T. Ap', 'T.Qu.', 'Toca', 'Toca de apelación', 'T. Rev.'
  ['toca', /(?:(?<![a-z])t\.\s*(ap|apel|qu|rev|inc|rec|ca|exc|cc|def)?\.?|(?<![a-z])toca(?:\s+(?:de\s+)?(apelacion|queja|ap|qu|rev)\.?)?)\s*(?:(?:num(?:ero)?|no|n)\.?\s*)?$/],
  // 'Amparo Indirecto N°.', 'A.D.', 'A.I.', 'juicio de amparo', 'D.C.' (amparo directo civil), 'R.C.' and 'Q.C.' (a colegiado's revisión and queja)
  [
    'amparo',
    /(?:amparo(?:\s+(?:directo|indirecto|en revision|adhesivo))?|(?<![a-z])a\.\s*[di]\.|(?<![a-z])[dqr]\.\s*[cap]\.|(?<![a-z])queja|(?<![a-z])revision)\s*(?:(?:num(?:ero)?|no|n)\.?\s*)?$/,
  ],
  ['exhorto', /(?<![a-z])exhorto\s*(?:(?:num(?:ero)?|no|n)\.?\s*)?$/],
  // 'Exp.', 'Núm. Exp.', 'Expediente número', 'Expte.', 'Expedientes', 'EXP', 'expediente No.'
  ['expediente', /(?<![a-z])(?:exp(?:ediente)?s?|expte)\.?\s*(?:(?:num(?:ero)?|no|n)\.?\s*)?$/],
];

/** A number written after another under the same label: 'Expedientes 123/2024 y 456/2023', '123/2024, 124/2024'. */
const JOINED = /^\s*(?:,|;|y|e)\s*$/;
/** An acumulado written after the entry's number: 'Exp. 123/2024 y su acumulado 77/2024', 'Exp. 123/2024 acumulado al 77/2024'. */
const ACCUMULATED = /^\s*(?:,\s*)?(?:y\s+)?(?:sus?\s+)?acumulados?(?:\s+al?)?\s*(?:(?:num(?:ero)?|no|exp(?:ediente)?)\.?\s*)?$/;

function yearOf(digits: string): number {
  if (digits.length === 4) return Number(digits);
  // Two digits: the century that puts it no later than next year ('24' is 2024, '99' is 1999).
  const two = Number(digits);
  const next = new Date().getFullYear() + 1;
  const century = Math.floor(next / 100) * 100;
  return century + two <= next ? century + two : century - 100 + two;
}

/**
 * Every number over a year in `text`, in order, with its label. The
 * positions are those of `text` when it is already folded with foldAligned
 * (the reader does that once per block).
 */
export function numbersInFolded(folded: string): FoundNumber[] {
  const found: FoundNumber[] = [];
  let group = -1;
  let previous: FoundNumber | null = null;
  for (const match of folded.matchAll(NUMBER)) {
    const [, digits, yearDigits, third] = match;
    // 'dd/mm/yyyy' is a date: a third part after a two-digit 'year'.
    if (third !== undefined && yearDigits!.length !== 4) continue;
    const numero = Number(digits);
    const anio = yearOf(yearDigits!);
    if (numero === 0 || anio < 1950 || anio > 2100) continue;
    const start = match.index;
    const end = start + match[0].length;
    const before = folded.slice(Math.max(0, start - 40), start);
    let tipo: NumberKind | null = null;
    let clase: string | null = null;
    let labelStart = start;
    for (const [kind, pattern] of LABELS) {
      const label = pattern.exec(before);
      if (!label) continue;
      tipo = kind;
      labelStart = start - before.length + label.index;
      if (kind === 'toca') clase = label[1] ?? (label[2] ? label[2].slice(0, 2) : null);
      break;
    }
    // 'Expedientes 123/2024 y 456/2023': the second is under the first one's label; so is an acumulado, printed with it.
    const between = previous ? folded.slice(previous.end, start) : '';
    const acumulado = !!previous?.tipo && (tipo === null || tipo === 'expediente') && ACCUMULATED.test(between);
    if (previous && previous.tipo && (acumulado || (!tipo && JOINED.test(between)))) {
      tipo = previous.tipo;
      clase = previous.clase;
      labelStart = previous.labelStart;
    } else {
      group += 1;
    }
    const number: FoundNumber = { numero, anio, tipo, clase, sufijo: third ?? null, start, end, labelStart, group, acumulado };
    found.push(number);
    previous = number;
  }
  return found;
}

/** Every number over a year in `text`, each once, in order (the same reading as the bulletin's). */
export function expedientesIn(text: string): CaseNumber[] {
  const seen = new Set<string>();
  const out: CaseNumber[] = [];
  for (const number of numbersInFolded(foldAligned(text))) {
    const key = numberKey(number);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ numero: number.numero, anio: number.anio, tipo: number.tipo, clase: number.clase, sufijo: number.sufijo });
  }
  return out;
}

/** Numbers compare by number and year: the kind, a toca's class and its consecutive are checked apart (they may be missing on either side). */
export const numberKey = (number: { numero: number; anio: number }) => `${number.numero}/${number.anio}`;

/**
 * The number of a lawyer's case, as they typed it ('0456/2025', 'Exp.
 * 1045/2023', 'Toca 412/2025', 'T. Ap 412/2025/001'): the first number over a
 * year, with the kind its label gives.
 */
export function caseNumberOf(expediente: string): CaseNumber | null {
  const [first] = numbersInFolded(foldAligned(expediente));
  if (!first) return null;
  // A lawyer's 'Toca' without a class or consecutive is any appeal of that toca.
  return { numero: first.numero, anio: first.anio, tipo: first.tipo === 'expediente' || first.tipo === 'toca' ? first.tipo : null, clase: first.clase, sufijo: first.sufijo };
}

/** Whether `text` (folded) holds a number over a year at all. */
export const hasNumber = (text: string) => numbersInFolded(fold(text)).length > 0;

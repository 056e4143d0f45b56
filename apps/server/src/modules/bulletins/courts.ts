import { fold, ordinalAt } from './text';

/**
 * A court as a bulletin or a lawyer names it, reduced to what tells courts
 * apart: its kind, its number, its materia and, where named, how it proceeds
 * (oral or escrito) and its secretaría. 'Juzgado Quinto de lo Civil de Proceso
 * Escrito', 'QUINTO DE LO CIVIL', '5o. Civil' and 'Juzgado 5° de lo Civil'
 * are all { juzgado, 5, civil }.
 */
export interface Court {
  kind: 'juzgado' | 'distrito' | 'sala' | 'colegiado' | 'unitario' | 'cuantia-menor' | 'tribunal';
  numero: number;
  materia: Materia | null;
  proceso: 'oral' | 'escrito' | null;
  secretaria: string | null;
  /** The city, when the name gives one ('tijuana'). */
  lugar: string | null;
}

type Materia = 'civil' | 'familiar' | 'mercantil' | 'penal' | 'laboral' | 'administrativa' | 'fiscal' | 'extincion' | 'adolescentes' | 'ejecucion' | 'amparo';

/** Each materia by the words courts use for it (folded), first match wins. */
const MATERIAS: [Materia, RegExp][] = [
  ['extincion', /\bextincion de dominio\b/],
  ['adolescentes', /\badolescentes\b/],
  ['ejecucion', /\bejecucion de sanciones\b/],
  ['familiar', /\bfamiliar(es)?\b/],
  ['mercantil', /\bmercantil(es)?\b/],
  ['civil', /\bcivil(es)?\b/],
  ['penal', /\bpenal(es)?\b/],
  ['laboral', /\blaboral(es)?\b|\btrabajo\b/],
  ['administrativa', /\badministrativ[ao]s?\b/],
  ['fiscal', /\bfiscal(es)?\b/],
  ['amparo', /\bamparo\b/],
];

/** The materia a court's name gives first ('Décimo Civil especializado en materia Mercantil' is civil), or null. */
export function materiaOf(folded: string): Materia | null {
  let first: { materia: Materia; at: number } | null = null;
  for (const [materia, pattern] of MATERIAS) {
    const at = folded.search(pattern);
    if (at >= 0 && (!first || at < first.at)) first = { materia, at };
  }
  return first?.materia ?? null;
}

/** Words that end a court's name without being a place ('de Proceso Escrito', 'de Primera Instancia'). */
const NOT_A_PLACE =
  /^(lo|la|las|los|proceso|procesos|primera|segunda|instancia|cuantia|paz|distrito|materia|acuerdos|control|juicio|oralidad|ejecucion|enjuiciamiento|tutela|extincion|dominio|adolescentes|sanciones|violencia|mexico|la federacion|circuito)\b/;

/**
 * Where the court sits, when its name says it: 'de Tijuana', 'con residencia
 * en Mexicali', 'del Partido Judicial de Zapopan'. States number their courts
 * per city (Tijuana and Mexicali each have a Juzgado Quinto Civil).
 */
function lugarOf(folded: string): string | null {
  const explicit = /\b(?:con residencia en|residente en|partido judicial de|distrito judicial de|region judicial de)\s+([a-z ]+?)(?:\s*(?:,|\.|\bb\.?\s?c\b|\blista\b|$))/.exec(
    folded,
  );
  if (explicit) return explicit[1]!.trim();
  // What follows the city in a heading ('…DE MEXICALI, B.C. LISTA'): the state's initials and the word 'lista', in any order.
  let name = folded.trim();
  for (let before = ''; before !== name;) {
    before = name;
    name = name.replace(/\s*\b(b\.?\s?c\.?|lista.*|boletin.*)$/, '').trim();
  }
  const trailing = /\bde\s+([a-z]+(?: [a-z]+){0,2})\s*(?:,.*)?$/.exec(name);
  if (!trailing || NOT_A_PLACE.test(trailing[1]!) || materiaOf(trailing[1]!) || /\b(escrito|oral)\b/.test(trailing[1]!)) return null;
  return trailing[1]!;
}

function kindOf(folded: string): Court['kind'] {
  if (/\bde distrito\b/.test(folded)) return 'distrito';
  if (/\bcolegiado\b/.test(folded)) return 'colegiado';
  if (/\bunitario\b/.test(folded)) return 'unitario';
  if (/\bcuantia menor\b|\bde paz\b|\bjuzgados? civiles? de paz\b/.test(folded)) return 'cuantia-menor';
  if (/\bsalas?\b/.test(folded)) return 'sala';
  if (/\btribunal\b/.test(folded)) return 'tribunal';
  return 'juzgado';
}

/** The letter of a 'Secretaría "B"' (or 'Sria. B', 'secretaria de acuerdos b') in folded text, or null. */
export function secretariaOf(folded: string): string | null {
  const match = /\b(?:secretaria|sria\.?)(?: de acuerdos)?\s*["'“”‘’«]?\s*([a-z])\b["'“”‘’»]?/.exec(folded);
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * The court `text` names, or null when it names none (no number, or no word
 * that makes it a court). `defaultMateria` is the materia of the bulletin's
 * section ('JUZGADOS DE LO CIVIL'), for headings that leave it out.
 */
export function parseCourt(text: string, defaultMateria: Materia | null = null): Court | null {
  const folded = fold(text).replace(/[,;:()]/g, ' ');
  const words = folded.split(' ').filter(Boolean);
  let numero: number | null = null;
  for (let i = 0; i < words.length && numero === null; i += 1) {
    // A number that is part of an expediente or a date is not the court's.
    if (/\d+\/\d+/.test(words[i]!)) continue;
    const ordinal = ordinalAt(words, i);
    if (ordinal && ordinal.value > 0 && ordinal.value < 200) numero = ordinal.value;
  }
  if (numero === null) return null;
  const materia = materiaOf(folded) ?? defaultMateria;
  const courtWord = /\b(juzgado|juez|sala|tribunal|distrito|colegiado|unitario|de lo|en materia|de paz)\b/.test(folded);
  if (!courtWord && !materia) return null;
  return {
    kind: kindOf(folded),
    numero,
    materia,
    proceso: /\boral(es)?\b/.test(folded) ? 'oral' : /\bescrito\b/.test(folded) ? 'escrito' : null,
    secretaria: secretariaOf(folded),
    lugar: lugarOf(folded),
  };
}

/**
 * Whether two namings are the same court: same kind, number and materia; a
 * way of proceeding or a secretaría counts only when both name one (a lawyer
 * seldom writes 'de Proceso Escrito'; a bulletin seldom repeats it).
 */
export function sameCourt(a: Court, b: Court): boolean {
  if (a.kind !== b.kind || a.numero !== b.numero) return false;
  if (a.materia && b.materia && a.materia !== b.materia) return false;
  if (!a.materia !== !b.materia) return false;
  if (a.proceso && b.proceso && a.proceso !== b.proceso) return false;
  if (a.secretaria && b.secretaria && a.secretaria !== b.secretaria) return false;
  if (a.lugar && b.lugar && a.lugar !== b.lugar) return false;
  return true;
}

import { fold, ordinalAt } from './text';

/**
 * A court as a bulletin or a lawyer names it, reduced to what tells courts
 * apart as the court system names them: its kind (a juzgado, a Sala, a civil
 * court of cuantía menor, a court of tutela de derechos humanos, a federal
 * district court…), its number, its materia, whether it proceeds orally, its
 * secretaría and where it sits. 'Juzgado Quinto de lo Civil de Proceso
 * Escrito', 'QUINTO DE LO CIVIL', '5o. Civil' and 'Juzgado 5° de lo Civil'
 * are all { juzgado, 5, civil, escrito }; 'Juzgado 3° Civil de Proceso Oral'
 * is another court than 'TERCERO DE LO CIVIL'.
 */
export interface Court {
  kind: 'juzgado' | 'distrito' | 'sala' | 'colegiado' | 'unitario' | 'cuantia-menor' | 'tutela' | 'tribunal';
  numero: number;
  materia: Materia | null;
  /** Oral and written procedure are different courts with the same ordinal: a court that does not say 'oral' proceeds in writing. */
  oral: boolean;
  secretaria: string | null;
  /** The city (or Mexico City) the court sits in, when known: Tijuana and Mexicali each have a Juzgado Quinto Civil. */
  lugar: string | null;
}

export type Materia =
  'civil' | 'familiar' | 'mercantil' | 'penal' | 'laboral' | 'administrativa' | 'fiscal' | 'extincion' | 'adolescentes' | 'ejecucion' | 'amparo' | 'derechos-humanos' | 'mixta';

/** Each materia by the words courts use for it (folded), first match wins. */
const MATERIAS: [Materia, RegExp][] = [
  ['extincion', /\bextincion de dominio\b/],
  ['derechos-humanos', /\bderechos humanos\b|\btutela\b/],
  ['adolescentes', /\badolescentes\b/],
  ['ejecucion', /\bejecucion de sanciones\b/],
  ['familiar', /\bfamiliar(es)?\b/],
  ['mercantil', /\bmercantil(es)?\b/],
  ['civil', /\bcivil(es)?\b/],
  ['penal', /\bpenal(es)?\b/],
  ['laboral', /\blaboral(es)?\b|\btrabajo\b/],
  ['administrativa', /\badministrativ[ao]s?\b/],
  ['fiscal', /\bfiscal(es)?\b/],
  ['mixta', /\bmixtos?\b/],
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

/** Mexico City by any of its names: its courts print no city, and a lawyer there seldom types one. */
export const CIUDAD_DE_MEXICO = 'ciudad de mexico';
const MEXICO_CITY = /\b(ciudad de mexico|cdmx|c\.\s?d\.\s?m\.\s?x\.?|distrito federal|d\.\s?f\.)(?=$|[\s,.;)])/;

/** Cities whose courts the followed bulletins list (Baja California's, the State of Mexico's and Jalisco's judicial districts' seats). */
const KNOWN_CITIES =
  /\b(tijuana|mexicali|ensenada|tecate|playas de rosarito|rosarito|san quintin|san felipe|guadalupe victoria|ciudad morelos|toluca|ecatepec|nezahualcoyotl|tlalnepantla|naucalpan|texcoco|chalco|cuautitlan izcalli|cuautitlan|lerma|tenancingo|tenango|el oro|ixtlahuaca|jilotepec|otumba|sultepec|temascaltepec|valle de bravo|zumpango|guadalajara|zapopan|tlaquepaque|tonala|puerto vallarta|lagos de moreno|ciudad guzman|ameca|chapala|autlan|ocotlan|tepatitlan|monterrey)\b/;

/** Words that end a court's name without being a place ('de Proceso Escrito', 'de Primera Instancia'). */
const NOT_A_PLACE =
  /^(lo|la|las|los|proceso|procesos|primera|segunda|instancia|cuantia|paz|distrito|materia|acuerdos|control|juicio|oralidad|ejecucion|enjuiciamiento|tutela|derechos|extincion|dominio|adolescentes|sanciones|violencia|mexico|la federacion|circuito|boletin)\b/;

/**
 * Where the court sits, when its name says it: 'de Tijuana', 'con residencia
 * en Mexicali', 'del Partido Judicial de Zapopan', 'de la Ciudad de México'.
 * States number their courts per city.
 */
export function lugarOf(folded: string): string | null {
  if (MEXICO_CITY.test(folded)) return CIUDAD_DE_MEXICO;
  // A city whose courts a followed bulletin lists, wherever the name puts it ('Juzgado 7o. Civil Tijuana').
  const known = KNOWN_CITIES.exec(folded);
  if (known) return known[1] === 'rosarito' ? 'playas de rosarito' : known[1]!;
  const explicit =
    /\b(?:con residencia en|residente en|partido judicial de|distrito judicial de|region judicial de)\s+([a-z ]+?)(?:\s*(?:,|\.|\bb\.?\s?c\b|\blista\b|\bdel?\b\s+\d|$))/.exec(
      folded,
    );
  if (explicit) return explicit[1]!.trim();
  // What follows the city in a heading ('…DE MEXICALI, B.C. LISTA (BOLETIN) DEL 10 DE MARZO DE 2026'): the state's initials, 'lista', the date.
  let name = folded.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  for (let before = ''; before !== name;) {
    before = name;
    name = name
      .replace(/\s*\b(?:del?\s+)?\d{1,2}\s+de\s+[a-z]+\s+(?:de|del)\s+\d{4}\.?$/, '')
      .replace(/[\s,.]*\b(b\.?\s?c\.?|lista|boletin|del?)$/, '')
      .trim();
  }
  const trailing = /\bde\s+([a-z]+(?: [a-z]+){0,2})\s*$/.exec(name);
  if (!trailing || NOT_A_PLACE.test(trailing[1]!) || materiaOf(trailing[1]!) || /\b(escrito|oral|menor)\b/.test(trailing[1]!)) return null;
  return trailing[1]!;
}

function kindOf(folded: string): Court['kind'] {
  if (/\bde distrito\b/.test(folded)) return 'distrito';
  if (/\bcolegiado\b/.test(folded)) return 'colegiado';
  if (/\bunitario\b/.test(folded)) return 'unitario';
  if (/\bcuantia menor\b|\bde paz\b|\bjuzgados? civiles? de paz\b/.test(folded)) return 'cuantia-menor';
  if (/\btutela\b/.test(folded)) return 'tutela';
  if (/\bsalas?\b/.test(folded)) return 'sala';
  if (/\btribunal\b/.test(folded)) return 'tribunal';
  return 'juzgado';
}

/** The secretaría a line names: 'Secretaría "B"', 'Sria. B', 'secretaria de acuerdos b' (a letter), or 'PRIMER SECRETARIA', 'Secretaría 2' (a number), in folded text. */
export function secretariaOf(folded: string): string | null {
  const letter = /\b(?:secretaria|sria\.?)(?: de acuerdos)?\s*(["'“”‘’«]?)\s*([a-z])\b/.exec(folded);
  // 'Secretaría "A"' names a letter; 'secretaría a cargo' does not.
  if (letter && (letter[1] || !/^(y|a|e|o)$/.test(letter[2]!))) return letter[2]!.toUpperCase();
  const numeral = /\b(?:secretaria|sria\.?)(?: de acuerdos)?\s*(?:no\.?\s*|num\.?\s*)?(\d{1,2})\b/.exec(folded);
  if (numeral) return numeral[1]!;
  const words = folded.split(/\s+/);
  const at = words.findIndex((word) => /^(secretaria|sria\.?)$/.test(word));
  if (at > 0) {
    const ordinal = ordinalAt(words, at - 1) ?? ordinalAt(words, Math.max(0, at - 2));
    if (ordinal) return String(ordinal.value);
  }
  return null;
}

/**
 * The court `text` names, or null when it names none (no number, or no word
 * that makes it a court). `context` is what the bulletin's section says of
 * the courts under it ('JUZGADOS DE LO CIVIL DE PROCESO ORAL': civil, oral)
 * and where its courts sit (Mexico City's bulletin prints no city), for
 * headings that leave it out.
 */
export function parseCourt(text: string, context: CourtContext = {}): Court | null {
  const folded = fold(text).replace(/[,;:()"“”]/g, ' ');
  const words = folded.split(' ').filter(Boolean);
  let numero: number | null = null;
  for (let i = 0; i < words.length && numero === null; i += 1) {
    // A number that is part of an expediente or a date is not the court's; nor is a secretaría's.
    if (/\d+\/\d+/.test(words[i]!)) continue;
    if (i > 0 && /^(secretaria|sria\.?)$/.test(words[i - 1]!)) continue;
    if (/^(secretaria|sria\.?)$/.test(words[i + 1] ?? '')) continue;
    const ordinal = ordinalAt(words, i);
    if (ordinal && ordinal.value > 0 && ordinal.value < 200 && !/^\d{4}$/.test(words[i]!)) numero = ordinal.value;
  }
  if (numero === null) return null;
  const materia = materiaOf(folded) ?? context.materia ?? null;
  const courtWord = /\b(juzgado|juez|sala|tribunal|distrito|colegiado|unitario|de lo|en materia|de paz|cuantia menor|tutela)\b/.test(folded);
  if (!courtWord && !materia) return null;
  const kind = kindOf(folded);
  return {
    kind: kind === 'juzgado' && context.kind ? context.kind : kind,
    numero,
    materia,
    oral: /\boral(es|idad)?\b/.test(folded) || (!/\bescrito\b/.test(folded) && (context.oral ?? false)),
    secretaria: secretariaOf(fold(text)),
    lugar: lugarOf(folded) ?? context.lugar ?? null,
  };
}

/** What a bulletin's section (or its source) tells of the courts under it. */
export interface CourtContext {
  materia?: Materia | null;
  oral?: boolean;
  kind?: Court['kind'] | null;
  lugar?: string | null;
}

/** What a section heading ('JUZGADOS DE LO CIVIL DE PROCESO ORAL', 'SALAS FAMILIARES', 'JUZGADOS CIVILES DE CUANTÍA MENOR') says of its courts. */
export function sectionContext(folded: string): CourtContext {
  const kind = kindOf(folded);
  return { materia: materiaOf(folded), oral: /\boral(es|idad)?\b/.test(folded), kind: kind === 'juzgado' ? null : kind };
}

/** Why a bulletin's court is not the case's, in the words the review shows; null when it is the same court. */
export type CourtDifference = 'tipo' | 'numero' | 'materia' | 'oralidad' | 'secretaria' | 'lugar' | 'sin-lugar';

/**
 * Whether the bulletin's court is the case's court. Kind, number, materia and
 * the way of proceeding must agree (a court that does not say 'oral'
 * proceeds in writing); a secretaría counts when both name one (a lawyer
 * seldom writes it). A place must agree: a bulletin court that sits in a
 * named city (Tijuana) is never the case's when the case names none, since
 * every city of that state has a court of that number; Mexico City's courts,
 * which print none, are the case's when the case names none or names Mexico
 * City.
 */
export function courtDifference(caso: Court, bulletin: Court): CourtDifference | null {
  if (caso.kind !== bulletin.kind) return 'tipo';
  if (caso.numero !== bulletin.numero) return 'numero';
  if (!caso.materia !== !bulletin.materia || (caso.materia && bulletin.materia && caso.materia !== bulletin.materia)) return 'materia';
  if (caso.oral !== bulletin.oral) return 'oralidad';
  if (caso.secretaria && bulletin.secretaria && caso.secretaria !== bulletin.secretaria) return 'secretaria';
  const casoLugar = caso.lugar ?? null;
  const bulletinLugar = bulletin.lugar ?? null;
  if (casoLugar === bulletinLugar) return null;
  if (!casoLugar) return bulletinLugar === CIUDAD_DE_MEXICO ? null : 'sin-lugar';
  if (!bulletinLugar) return casoLugar === CIUDAD_DE_MEXICO ? null : 'lugar';
  return 'lugar';
}

export const sameCourt = (caso: Court, bulletin: Court) => courtDifference(caso, bulletin) === null;

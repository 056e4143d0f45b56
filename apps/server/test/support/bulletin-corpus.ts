/**
 * Bulletins with known answers, in the public layouts (issue 44): Mexico
 * City's day as a two-column PDF written by a real PDF writer (pdf-lib),
 * and Baja California's day as the Word-made web pages its site serves.
 * Every entry printed is known, and so is every acuerdo of the lawyer's
 * cases and every trap laid for them: the same number under an oral court
 * of the same ordinal, in a Sala's toca, inside another entry as an amparo
 * or an acumulado, in an edicto, in another city. Seeded: the same seed
 * gives the same bulletin.
 *
 * What makes the pages hard is what real pages do: two columns; a court's
 * heading at a column's foot with its entries in the next; entries that run
 * into the next column or page; a running header with the page number, the
 * masthead and the section; Salas with tocas; 'Secreto.' entries; suffixes
 * after the number; justified lines drawn a word at a time; and a content
 * stream that writes the page in no reading order.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export interface CorpusCase {
  id: string;
  expediente: string;
  juzgado: string;
  partes: string[];
}

/** An acuerdo of one of the lawyer's cases, as printed: the review must confirm it, with this text. */
export interface Planted {
  casoId: string;
  text: string;
}

/** An entry that carries a case's number but is not its acuerdo: never confirmed for it. */
export interface Trap {
  casoId: string;
  text: string;
  why: string;
}

export interface Corpus {
  cases: CorpusCase[];
  planted: Planted[];
  traps: Trap[];
  /** Acuerdos printed (edictos apart). */
  printed: number;
  edictos: number;
  fecha: string;
}

/** A small, seeded generator (Park–Miller): the corpus is the same on every run. */
export function seeded(seed: number) {
  let state = seed % 2147483647 || 1;
  const next = () => (state = (state * 16807) % 2147483647);
  return {
    int: (n: number) => next() % n,
    pick: <T>(items: readonly T[]): T => items[next() % items.length]!,
    chance: (p: number) => next() % 10_000 < p * 10_000,
  };
}

const UNITS = ['', 'PRIMERO', 'SEGUNDO', 'TERCERO', 'CUARTO', 'QUINTO', 'SEXTO', 'SÉPTIMO', 'OCTAVO', 'NOVENO'];
const TENS = ['', 'DÉCIMO', 'VIGÉSIMO', 'TRIGÉSIMO', 'CUADRAGÉSIMO', 'QUINCUAGÉSIMO', 'SEXAGÉSIMO', 'SEPTUAGÉSIMO'];

/** A court's ordinal as headings print it: 'QUINTO', 'DÉCIMO PRIMERO', 'VIGÉSIMO TERCERO'; feminine for the Salas. */
export function ordinal(n: number, feminine = false): string {
  const words = [TENS[Math.floor(n / 10)], UNITS[n % 10]].filter(Boolean).join(' ');
  return feminine ? words.replace(/O\b/g, 'A') : words;
}

const SURNAMES = [
  'PÉREZ',
  'LÓPEZ',
  'GARCÍA',
  'HERNÁNDEZ',
  'MARTÍNEZ',
  'RAMÍREZ',
  'TORRES',
  'FLORES',
  'RIVERA',
  'GÓMEZ',
  'DÍAZ',
  'CRUZ',
  'MORALES',
  'ORTIZ',
  'GUTIÉRREZ',
  'CHÁVEZ',
  'RUIZ',
  'MENDOZA',
  'AGUILAR',
  'VARGAS',
  'CASTILLO',
  'JIMÉNEZ',
  'MORENO',
  'ROMERO',
  'ALVARADO',
  'NÚÑEZ',
  'MEDINA',
  'SALAZAR',
];
const NAMES = [
  'JOSÉ',
  'MARÍA',
  'LUIS',
  'ANA',
  'JUAN',
  'GUADALUPE',
  'FRANCISCO',
  'ALEJANDRA',
  'JESÚS',
  'PATRICIA',
  'MIGUEL ÁNGEL',
  'VERÓNICA',
  'JORGE',
  'MARÍA DEL CARMEN',
  'RICARDO',
  'LETICIA',
];
const COMPANIES = [
  'BANCO MERCANTIL DEL NORTE, S.A., INSTITUCIÓN DE BANCA MÚLTIPLE',
  'HIPOTECARIA NACIONAL, S.A. DE C.V.',
  'INMOBILIARIA DEL VALLE, S.A. DE C.V.',
  'CONSTRUCTORA ARCOS, S.A. DE C.V.',
  'INFONAVIT',
  'ARRENDADORA PACÍFICO, S.A. DE C.V.',
  'CONDOMINIO TORRE REFORMA',
  'AUTOFINANCIAMIENTO MÉXICO, S.A. DE C.V.',
];
const JUICIOS: Record<string, string[]> = {
  civil: [
    'Especial Hipotecario.',
    'Ejecutivo Mercantil.',
    'Ordinario Civil.',
    'Controversia de Arrendamiento.',
    'Ordinario Mercantil.',
    'Jurisdicción Voluntaria.',
    'Vía de Apremio.',
  ],
  oral: ['Oral Mercantil.', 'Oral Civil.', 'Especial Hipotecario Oral.', 'Ejecutivo Mercantil Oral.'],
  familiar: [
    'Divorcio Incausado.',
    'Controversia del Orden Familiar.',
    'Sucesorio Intestamentario.',
    'Pérdida de Patria Potestad.',
    'Alimentos.',
    'Juicio Especial de Levantamiento de Acta.',
  ],
  sala: ['Apelación.', 'Apelación Preventiva.', 'Queja.'],
  tutela: ['Acción de Protección Efectiva de Derechos.'],
};
const SUFFIXES = [' Tomo II.', '. Segundo Tomo.', ' Expedientillo.', '. Sent. Def.', ' Sent. Int.', ' Cuaderno de Amparo.', ' Legajo 2.', ' Tomo III.', ' Bis.'];

function person(random: ReturnType<typeof seeded>) {
  return `${random.pick(SURNAMES)} ${random.pick(SURNAMES)} ${random.pick(NAMES)}`;
}
function party(random: ReturnType<typeof seeded>) {
  return random.chance(0.25) ? random.pick(COMPANIES) : person(random);
}

interface CourtSpec {
  key: string;
  section: string;
  /** The heading as printed. */
  heading: string;
  materia: 'civil' | 'oral' | 'familiar' | 'sala' | 'tutela';
  numero: number;
  secretarias: string[];
}

/** Mexico City's courts, section by section, as its bulletin lists them. */
function cdmxCourts(random: ReturnType<typeof seeded>): CourtSpec[] {
  const courts: CourtSpec[] = [];
  for (let n = 1; n <= 10; n += 1)
    courts.push({ key: `sala-civil-${n}`, section: 'SALAS CIVILES', heading: `${ordinal(n, true)} SALA CIVIL`, materia: 'sala', numero: n, secretarias: [] });
  for (let n = 1; n <= 5; n += 1)
    courts.push({ key: `sala-familiar-${n}`, section: 'SALAS FAMILIARES', heading: `${ordinal(n, true)} SALA FAMILIAR`, materia: 'sala', numero: n, secretarias: [] });
  for (let n = 1; n <= 73; n += 1)
    courts.push({
      key: `civil-${n}`,
      section: 'JUZGADOS DE LO CIVIL',
      heading: `${ordinal(n)} DE LO CIVIL`,
      materia: 'civil',
      numero: n,
      secretarias: random.chance(0.4) ? ['A', 'B'] : [],
    });
  // Under their own section the oral courts' headings often leave 'de proceso oral' out: the section says it.
  for (let n = 1; n <= 30; n += 1)
    courts.push({
      key: `civil-oral-${n}`,
      section: 'JUZGADOS DE LO CIVIL DE PROCESO ORAL',
      heading: n % 2 ? `${ordinal(n)} DE LO CIVIL DE PROCESO ORAL` : `${ordinal(n)} DE LO CIVIL`,
      materia: 'oral',
      numero: n,
      secretarias: [],
    });
  for (let n = 1; n <= 30; n += 1)
    courts.push({
      key: `cuantia-${n}`,
      section: 'JUZGADOS CIVILES DE CUANTÍA MENOR',
      heading: `${ordinal(n)} CIVIL DE CUANTÍA MENOR`,
      materia: 'civil',
      numero: n,
      secretarias: [],
    });
  for (let n = 1; n <= 42; n += 1)
    courts.push({
      key: `familiar-${n}`,
      section: 'JUZGADOS DE LO FAMILIAR',
      heading: `${ordinal(n)} DE LO FAMILIAR`,
      materia: 'familiar',
      numero: n,
      secretarias: random.chance(0.3) ? ['A', 'B'] : [],
    });
  for (let n = 1; n <= 12; n += 1)
    courts.push({
      key: `familiar-oral-${n}`,
      section: 'JUZGADOS DE LO FAMILIAR DE PROCESO ORAL',
      heading: n % 3 ? `${ordinal(n)} DE LO FAMILIAR DE PROCESO ORAL` : `${ordinal(n)} DE LO FAMILIAR`,
      materia: 'familiar',
      numero: n,
      secretarias: [],
    });
  for (let n = 1; n <= 3; n += 1)
    courts.push({
      key: `tutela-${n}`,
      section: 'JUZGADOS DE TUTELA DE DERECHOS HUMANOS',
      heading: `${ordinal(n)} DE TUTELA DE DERECHOS HUMANOS`,
      materia: 'tutela',
      numero: n,
      secretarias: [],
    });
  return courts;
}

/** The lawyer's open cases in Mexico City, typed the way lawyers type them, each with the court it is in. */
const CDMX_CASES: (CorpusCase & { court: string; secretaria?: string })[] = [
  { id: 'c-civil-5', court: 'civil-5', expediente: '0456/2025', juzgado: 'Juzgado 5o. de lo Civil', partes: ['Banco Mercantil del Norte', 'Rosa Ortega Prieto'] },
  { id: 'c-civil-7', court: 'civil-7', expediente: 'Exp. 1045/2023', juzgado: 'Septimo Civil', partes: ['Inmobiliaria del Valle', 'Hugo Barrera Lima'] },
  { id: 'c-civil-23', court: 'civil-23', expediente: '1200/2025', juzgado: 'Juzgado Vigésimo Tercero de lo Civil', partes: ['Carlos Quintero Sosa'] },
  { id: 'c-civil-41', court: 'civil-41', expediente: '77/2024', juzgado: 'Juzgado 41 Civil', partes: ['Arrendadora Pacífico'] },
  { id: 'c-civil-11', court: 'civil-11', expediente: '2310/2022', juzgado: 'Juzgado Décimo Primero de lo Civil de Proceso Escrito', partes: ['Lucía Fernández Olvera'] },
  { id: 'c-civil-64', court: 'civil-64', expediente: '88/2026', juzgado: 'Juzgado 64 de lo Civil', partes: ['Autofinanciamiento México'] },
  { id: 'c-civil-3', court: 'civil-3', expediente: '350/2025', juzgado: 'Juzgado Tercero de lo Civil', partes: ['Marta Ibarra León'] },
  { id: 'c-civil-20', court: 'civil-20', expediente: '640/2025', juzgado: 'Juzgado 20o. de lo Civil', partes: ['Luis Mora Vega'] },
  { id: 'c-oral-3', court: 'civil-oral-3', expediente: '351/2025', juzgado: 'Juzgado 3° Civil de Proceso Oral', partes: ['Constructora Arcos'] },
  { id: 'c-oral-20', court: 'civil-oral-20', expediente: '912/2025', juzgado: 'Oral Civil 20', partes: ['Ernesto Valle Camacho'] },
  { id: 'c-oral-8', court: 'civil-oral-8', expediente: '0045/2026', juzgado: 'Juzgado Octavo de lo Civil de Proceso Oral', partes: ['Hipotecaria Nacional'] },
  { id: 'c-cuantia-12', court: 'cuantia-12', expediente: '1500/2025', juzgado: 'Juzgado 12 Civil de Cuantía Menor', partes: ['Condominio Torre Reforma'] },
  { id: 'c-familiar-5', court: 'familiar-5', expediente: '731/2025', juzgado: '5o. Familiar', partes: ['Sofía Reyes Maldonado', 'Andrés Cano Beltrán'] },
  { id: 'c-familiar-12', court: 'familiar-12', expediente: '88/2025', juzgado: 'Juzgado Décimo Segundo de lo Familiar', partes: ['María Ortiz Ruiz'] },
  { id: 'c-familiar-30', court: 'familiar-30', expediente: 'Exp. 2002/2024', juzgado: 'Juzgado Trigésimo de lo Familiar', partes: ['Pedro Saldaña Ríos'] },
  { id: 'c-fam-oral-1', court: 'familiar-oral-1', expediente: '36/2026', juzgado: 'Familiar Oral 1', partes: ['Elena Campos Duarte'] },
  { id: 'c-sala-1', court: 'sala-civil-1', expediente: 'Toca 412/2025', juzgado: 'Primera Sala Civil', partes: ['Banco Mercantil del Norte'] },
  { id: 'c-sala-3', court: 'sala-civil-3', expediente: 'T. Ap 1033/2025/002', juzgado: 'Tercera Sala Civil', partes: ['Hugo Barrera Lima'] },
  { id: 'c-sala-fam-2', court: 'sala-familiar-2', expediente: 'Toca 88/2026', juzgado: 'Segunda Sala Familiar', partes: ['Andrés Cano Beltrán'] },
  { id: 'c-tutela-1', court: 'tutela-1', expediente: '15/2026', juzgado: 'Juzgado Primero de Tutela de Derechos Humanos', partes: ['Colectivo Vecinal Roma Norte'] },
];

/** A piece of the flow: a section's or a court's heading, a secretaría, or an entry. */
type FlowItem = { kind: 'section' | 'court' | 'secretaria'; text: string } | { kind: 'entry'; text: string; section: string };

/** A number's digits as a court prints them. */
const numberText = (numero: number, anio: number) => `${numero}/${anio}`;

/**
 * Mexico City's day: its courts' entries in their sections, the lawyer's
 * acuerdos and the traps among them, and the edictos at the end.
 */
export function cdmxDay(options: { entries: number; seed?: number }) {
  const random = seeded(options.seed ?? 44);
  const courts = cdmxCourts(random);
  const byKey = new Map(courts.map((court) => [court.key, court]));
  const planted: Planted[] = [];
  const traps: Trap[] = [];
  const cases: CorpusCase[] = CDMX_CASES.map(({ id, expediente, juzgado, partes }) => ({ id, expediente, juzgado, partes }));
  // What goes into each court beyond its ordinary entries: the lawyer's acuerdos and the traps.
  const extra = new Map<string, { text: string; secretaria?: string }[]>();
  const add = (key: string, text: string) => extra.set(key, [...(extra.get(key) ?? []), { text }]);
  const numberOf = (expediente: string) => {
    const match = /(\d+)\/(\d{4})/.exec(expediente)!;
    return { numero: Number(match[1]), anio: Number(match[2]) };
  };

  for (const caso of CDMX_CASES) {
    const court = byKey.get(caso.court)!;
    const { numero, anio } = numberOf(caso.expediente);
    const partes = caso.partes.map((name) => name.toUpperCase());
    const times = 1 + random.int(2);
    for (let i = 0; i < times; i += 1) {
      let text: string;
      if (court.materia === 'sala') {
        const clase = caso.expediente.includes('T. Ap') ? 'Ap' : random.pick(['Ap', 'Qu']);
        const sufijo = caso.expediente.match(/\/(\d{3})$/)?.[1] ?? random.pick(['001', '002']);
        text = `${partes[0]} vs. ${person(random)}. ${random.pick(JUICIOS.sala!)} T. ${clase} ${numberText(numero, anio)}/${sufijo}${random.chance(0.4) ? ' Sent.' : ''}`;
      } else if (court.materia === 'familiar' && random.chance(0.5)) {
        text = `Secreto. ${random.pick(JUICIOS.familiar!)} Exp. ${numberText(numero, anio)}${random.chance(0.4) ? random.pick(SUFFIXES) : '.'}`;
      } else {
        const label = random.chance(0.3) ? 'Núm. Exp.' : 'Exp.';
        const printed = random.chance(0.3) ? String(numero).padStart(4, '0') : String(numero);
        text = `${partes[0]} vs. ${partes[1] ?? person(random)}. ${random.pick(JUICIOS[court.materia]!)}${random.chance(0.2) ? ' 2 acdos.' : ''} ${label} ${printed}/${anio}${random.chance(0.4) ? random.pick(SUFFIXES) : '.'}`;
      }
      add(court.key, text);
      planted.push({ casoId: caso.id, text });
    }
  }

  // The traps: the case's number where it is not the case's acuerdo.
  const trap = (casoId: string, key: string, text: string, why: string) => {
    add(key, text);
    traps.push({ casoId, text, why });
  };
  const civil3 = numberOf('350/2025');
  trap('c-civil-3', 'civil-oral-3', `${person(random)} vs. ${person(random)}. Oral Mercantil. Exp. ${numberText(civil3.numero, civil3.anio)}.`, 'oral de mismo ordinal');
  const oral3 = numberOf('351/2025');
  trap('c-oral-3', 'civil-3', `${person(random)} vs. ${person(random)}. Ordinario Civil. Exp. ${numberText(oral3.numero, oral3.anio)}.`, 'escrito de mismo ordinal');
  const oral20 = numberOf('912/2025');
  trap('c-oral-20', 'civil-20', `${person(random)} vs. ${person(random)}. Especial Hipotecario. Exp. ${numberText(oral20.numero, oral20.anio)}.`, 'escrito de mismo ordinal');
  const famOral1 = numberOf('36/2026');
  trap('c-fam-oral-1', 'familiar-1', `Secreto. Divorcio Incausado. Exp. ${numberText(famOral1.numero, famOral1.anio)}.`, 'familiar escrito de mismo ordinal');
  const civil23 = numberOf('1200/2025');
  // The amparo inside another entry of the case's own court, with the case's number.
  trap(
    'c-civil-23',
    'civil-23',
    `${person(random)} vs. ${person(random)}. Ejecutivo Mercantil. //Amparo Indirecto N°. ${numberText(civil23.numero, civil23.anio)}- III, Interpuesto por ${person(random)}. Núm. Exp. 1950/2024.`,
    'amparo dentro de otra entrada',
  );
  const civil41 = numberOf('77/2024');
  trap(
    'c-civil-41',
    'civil-41',
    `${person(random)} vs. ${person(random)}. Ordinario Civil. Exp. 1102/2023 y su acumulado ${numberText(civil41.numero, civil41.anio)}.`,
    'acumulado',
  );
  const sala1 = numberOf('412/2025');
  trap('c-sala-1', 'civil-1', `${person(random)} vs. ${person(random)}. Ordinario Civil. Exp. ${numberText(sala1.numero, sala1.anio)}.`, 'expediente con los dígitos de la toca');
  const civil5 = numberOf('0456/2025');
  trap(
    'c-civil-5',
    'sala-civil-5',
    `${person(random)} vs. ${person(random)}. Apelación. T. Ap ${numberText(civil5.numero, civil5.anio)}/001`,
    'toca con los dígitos del expediente',
  );
  const cuantia12 = numberOf('1500/2025');
  trap(
    'c-cuantia-12',
    'civil-12',
    `${person(random)} vs. ${person(random)}. Ejecutivo Mercantil. Exp. ${numberText(cuantia12.numero, cuantia12.anio)}.`,
    'juzgado civil de mismo ordinal que cuantía menor',
  );
  const familiar5 = numberOf('731/2025');
  trap(
    'c-familiar-5',
    'civil-5',
    `${person(random)} vs. ${person(random)}. Especial Hipotecario. Exp. ${numberText(familiar5.numero, familiar5.anio)}.`,
    'mismo ordinal, otra materia',
  );
  const sala3 = numberOf('1033/2025');
  trap('c-sala-3', 'sala-civil-3', `${person(random)} vs. ${person(random)}. Queja. T. Qu ${numberText(sala3.numero, sala3.anio)}/001`, 'otra toca del mismo número');
  const tutela1 = numberOf('15/2026');
  trap(
    'c-tutela-1',
    'civil-1',
    `${person(random)} vs. ${person(random)}. Ordinario Civil. Exp. ${numberText(tutela1.numero, tutela1.anio)}.`,
    'juzgado civil de mismo ordinal que tutela',
  );
  // Numbers that must not match at all: a longer number, another year (no match expected; a match would be a wrong one).
  trap('c-civil-7', 'civil-7', `${person(random)} vs. ${person(random)}. Ordinario Civil. Exp. 11045/2023.`, 'número más largo');
  trap('c-familiar-12', 'familiar-12', `Secreto. Alimentos. Exp. 88/2024.`, 'otro año');

  // The entries: the flow of sections, headings and entries, spread over the courts.
  const flow: FlowItem[] = [];
  const perCourt = Math.max(4, Math.round(options.entries / courts.length));
  let printed = 0;
  let section = '';
  for (const court of courts) {
    if (court.section !== section) {
      section = court.section;
      flow.push({ kind: 'section', text: section });
    }
    flow.push({ kind: 'court', text: court.heading });
    const planned = extra.get(court.key) ?? [];
    const secretarias = court.secretarias.length ? court.secretarias : [null];
    const count = Math.max(planned.length, perCourt + random.int(5) - 2);
    const perSecretaria = Math.ceil(count / secretarias.length);
    let written = 0;
    for (const secretaria of secretarias) {
      if (secretaria) flow.push({ kind: 'secretaria', text: `SECRETARÍA "${secretaria}"` });
      for (let i = 0; i < perSecretaria && written < count; i += 1, written += 1) {
        const text = written < planned.length && random.chance(0.5) ? planned[written]!.text : null;
        flow.push({ kind: 'entry', text: text ?? ordinaryEntry(random, court), section });
        printed += 1;
      }
    }
    // The planned ones not placed yet go at the court's end.
    const placed = new Set(flow.filter((item) => item.kind === 'entry').map((item) => item.text));
    for (const item of planned)
      if (!placed.has(item.text)) {
        flow.push({ kind: 'entry', text: item.text, section });
        printed += 1;
      }
  }
  // Edictos: long notices that name a court and an expediente without being its list; one names a case of the lawyer's.
  flow.push({ kind: 'section', text: 'EDICTOS' });
  const edictos: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    const n = 1 + random.int(73);
    const expediente = i === 3 ? '0456/2025' : `${1 + random.int(3000)}/${2020 + random.int(6)}`;
    edictos.push(
      `EDICTO. ${
        i === 3
          ? 'Quinto'
          : ordinal(n)
              .toLowerCase()
              .replace(/^./, (c) => c.toUpperCase())
      } de lo Civil de Proceso Escrito de la Ciudad de México ordenó publicar el presente en los autos del juicio ${random.pick(JUICIOS.civil!).replace(/\.$/, '')} promovido por ${party(random)} en contra de ${person(random)}, expediente ${expediente}, para que comparezca dentro del término de treinta días a deducir sus derechos. Ciudad de México, a 3 de marzo de 2026. La C. Secretaria de Acuerdos, Lic. ${person(random)}.`,
    );
  }
  traps.push({ casoId: 'c-civil-5', text: edictos[3]!, why: 'edicto' });
  for (const text of edictos) flow.push({ kind: 'entry', text, section: 'EDICTOS' });
  return { flow, corpus: { cases, planted, traps, printed, edictos: edictos.length, fecha: '2026-03-17' } satisfies Corpus };
}

function ordinaryEntry(random: ReturnType<typeof seeded>, court: CourtSpec): string {
  // Numbers no case of the lawyer's has (4 digits from 3000, or years before 2020).
  const numero = 3000 + random.int(6000);
  const anio = 2015 + random.int(12);
  if (court.materia === 'sala') {
    return `${party(random)} vs. ${person(random)}. ${random.pick(JUICIOS.sala!)} T. ${random.pick(['Ap', 'Ap', 'Qu'])} ${numero}/${anio}/00${1 + random.int(3)}${random.chance(0.3) ? ' Sent.' : ''}`;
  }
  if (court.materia === 'familiar' && random.chance(0.45))
    return `Secreto. ${random.pick(JUICIOS.familiar!)} Exp. ${numero}/${anio}${random.chance(0.25) ? random.pick(SUFFIXES) : '.'}`;
  const amparo = random.chance(0.04) ? ` //Amparo Indirecto N°. ${1 + random.int(2000)}/${2024 + random.int(2)}- III, Interpuesto por ${person(random)}.` : '';
  const exhorto = random.chance(0.02) ? ` Exhorto ${1 + random.int(300)}/2026 del Juzgado de ${random.pick(['Toluca', 'Puebla', 'Querétaro'])}.` : '';
  const acumulado = random.chance(0.02) ? ` y su acumulado ${3000 + random.int(6000)}/${anio}` : '';
  const label = random.chance(0.25) ? 'Núm. Exp.' : 'Exp.';
  const juicios = JUICIOS[court.materia] ?? JUICIOS.civil!;
  return `${party(random)} vs. ${party(random)}. ${random.pick(juicios)}${random.chance(0.15) ? ` ${2 + random.int(3)} acdos.` : ''}${amparo}${exhorto} ${label} ${numero}/${anio}${acumulado}${random.chance(0.3) ? random.pick(SUFFIXES) : '.'}`;
}

/** Sections as the running header names them ('Juzgados de lo Familiar'). */
const headerSection = (section: string) => section.charAt(0) + section.slice(1).toLowerCase().replace('cuantía', 'Cuantía');

interface Draw {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
}

/**
 * The day's PDF: oficio pages, two columns, the masthead across the first
 * page, a running header on the others (page number, masthead with the day,
 * section), headings centred in their column, entries wrapped at the
 * column's width (some justified a word at a time). Each page's text is
 * written row by row across both columns, header last: not in the order a
 * person reads it.
 */
export async function cdmxPdf(
  flow: FlowItem[],
  options: { fecha: string; numero?: number; pageSize?: [number, number]; leading?: number; loseRightColumn?: boolean } = { fecha: '2026-03-17' },
): Promise<{ pdf: Buffer; pages: number }> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = options.pageSize ?? [612, 1008];
  const margin = 40;
  const gutter = 16;
  const columnWidth = (width - 2 * margin - gutter) / 2;
  const size = 8.4;
  const leading = options.leading ?? 10.6;
  const top = height - 62;
  const bottom = 40;
  const dayText = longDay(options.fecha);
  const numero = options.numero ?? 48;
  const random = seeded(7);

  let pageNumber = 0;
  let page: PDFPage;
  let draws: Draw[] = [];
  let column = 0;
  let y = top;
  let columnTop = top;
  let sectionOnPage = '';
  let currentSection = '';

  const flush = () => {
    if (!page) return;
    // Row by row across the columns: the content stream is not the reading order.
    const ordered = [...draws].sort((a, b) => b.y - a.y || a.x - b.x);
    for (const draw of ordered) {
      if (options.loseRightColumn && draw.x > margin + columnWidth + gutter / 2 && draw.y < top + 1) {
        // A column drawn as shapes (a picture of text): visible, not readable.
        page.drawRectangle({
          x: draw.x,
          y: draw.y,
          width: Math.min(columnWidth, (draw.bold ? bold : regular).widthOfTextAtSize(draw.text, draw.size)),
          height: draw.size * 0.7,
          color: rgb(0.2, 0.2, 0.2),
        });
        continue;
      }
      page.drawText(draw.text, { x: draw.x, y: draw.y, size: draw.size, font: draw.bold ? bold : regular });
    }
    if (pageNumber > 1) {
      const headerY = height - 34;
      const section = headerSection(sectionOnPage || currentSection);
      const center = `BOLETÍN JUDICIAL No. ${numero}   ${dayText}`;
      const left = pageNumber % 2 === 0 ? String(pageNumber) : section;
      const right = pageNumber % 2 === 0 ? section : String(pageNumber);
      page.drawText(left, { x: margin, y: headerY, size: 8, font: regular });
      page.drawText(center, { x: (width - regular.widthOfTextAtSize(center, 8)) / 2, y: headerY, size: 8, font: regular });
      page.drawText(right, { x: width - margin - regular.widthOfTextAtSize(right, 8), y: headerY, size: 8, font: regular });
      page.drawLine({ start: { x: margin, y: headerY - 4 }, end: { x: width - margin, y: headerY - 4 }, thickness: 0.5 });
    }
  };

  const newPage = () => {
    flush();
    page = pdf.addPage([width, height]);
    pageNumber += 1;
    draws = [];
    column = 0;
    y = top;
    columnTop = top;
    sectionOnPage = currentSection;
    if (pageNumber === 1) {
      // The masthead, across both columns.
      const lines: [string, number, PDFFont][] = [
        ['BOLETÍN JUDICIAL', 22, bold],
        ['ÓRGANO DEL TRIBUNAL SUPERIOR DE JUSTICIA DE LA CIUDAD DE MÉXICO', 9, bold],
        [`TOMO CCXXVI     No. ${numero}     Ciudad de México, ${dayText.toLowerCase()}`, 8, regular],
      ];
      let at = height - 50;
      for (const [text, textSize, font] of lines) {
        page.drawText(text, { x: (width - font.widthOfTextAtSize(text, textSize)) / 2, y: at, size: textSize, font });
        at -= textSize + 8;
      }
      page.drawLine({ start: { x: margin, y: at + 2 }, end: { x: width - margin, y: at + 2 }, thickness: 1 });
      y = at - 14;
      columnTop = y;
    }
  };

  const nextLine = () => {
    y -= leading;
    if (y < bottom) {
      if (column === 0) {
        column = 1;
        y = columnTop;
      } else newPage();
    }
  };
  const columnX = () => margin + column * (columnWidth + gutter);

  const centred = (text: string, font: PDFFont, textSize: number) => {
    const lines = wrap(text, font, textSize, columnWidth);
    for (const line of lines) {
      draws.push({ text: line, x: columnX() + (columnWidth - font.widthOfTextAtSize(line, textSize)) / 2, y, size: textSize, bold: font === bold });
      nextLine();
    }
  };

  newPage();
  for (const item of flow) {
    if (item.kind === 'section') {
      currentSection = item.text;
      // Edictos start on a page of their own under a banner across both columns.
      if (item.text === 'EDICTOS') {
        newPage();
        const banner = 'E D I C T O S';
        page!.drawText(banner, { x: (width - bold.widthOfTextAtSize(banner, 11)) / 2, y: top, size: 11, font: bold });
        y = top - 20;
        columnTop = y;
        continue;
      }
      if (!sectionOnPage) sectionOnPage = item.text;
      nextLine();
      centred(item.text, bold, 8.4);
      continue;
    }
    if (item.kind === 'court') {
      // No 'keep with next': a heading may end a column, its entries start the next one.
      if (random.chance(0.5)) nextLine();
      centred(item.text, bold, 8);
      continue;
    }
    if (item.kind === 'secretaria') {
      centred(item.text, bold, 7.6);
      continue;
    }
    const lines = wrap(item.text, regular, size, columnWidth);
    const justify = random.chance(0.3);
    lines.forEach((line, index) => {
      const x = columnX();
      const last = index === lines.length - 1;
      if (justify && !last && line.includes(' ')) {
        // Justified, a word at a time: the PDF holds several runs on one line with wider spaces.
        const words = line.split(' ');
        const natural = words.reduce((sum, word) => sum + regular.widthOfTextAtSize(word, size), 0);
        const space = (columnWidth - natural) / (words.length - 1);
        let at = x;
        for (const word of words) {
          draws.push({ text: word, x: at, y, size, bold: false });
          at += regular.widthOfTextAtSize(word, size) + space;
        }
      } else draws.push({ text: line, x, y, size, bold: false });
      nextLine();
    });
  }
  flush();
  return { pdf: Buffer.from(await pdf.save()), pages: pageNumber };
}

/** Words wrapped at a column's width. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

const WEEKDAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** 'Martes 17 de marzo de 2026' for '2026-03-17'. */
export function longDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]} de ${date.getUTCFullYear()}`;
}

// ——— Baja California ———

interface BcCourt {
  heading: string;
  city: 'TIJUANA' | 'MEXICALI' | 'ENSENADA';
  key: string;
}

const BC_COURTS: BcCourt[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({ key: `ti-civil-${n}`, city: 'TIJUANA' as const, heading: `JUZGADO ${ordinal(n)} CIVIL DE TIJUANA` })),
  ...[1, 2, 3, 4, 5].map((n) => ({ key: `ti-familiar-${n}`, city: 'TIJUANA' as const, heading: `JUZGADO ${ordinal(n)} DE LO FAMILIAR DE TIJUANA` })),
  { key: 'ti-corporativo-11', city: 'TIJUANA', heading: 'JUZGADO CORPORATIVO DÉCIMO PRIMERO CIVIL ESPECIALIZADO EN MATERIA MERCANTIL DE TIJUANA' },
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ key: `me-civil-${n}`, city: 'MEXICALI' as const, heading: `JUZGADO ${ordinal(n)} CIVIL DE MEXICALI` })),
  ...[1, 2, 3, 4].map((n) => ({ key: `me-familiar-${n}`, city: 'MEXICALI' as const, heading: `JUZGADO ${ordinal(n)} DE LO FAMILIAR DE MEXICALI` })),
  ...[1, 2, 3].map((n) => ({ key: `en-civil-${n}`, city: 'ENSENADA' as const, heading: `JUZGADO ${ordinal(n)} CIVIL DE ENSENADA` })),
];

const BC_CASES: (CorpusCase & { court: string; printed: string })[] = [
  { id: 'b-ti-2', court: 'ti-civil-2', expediente: '450/2024', printed: '00450/2024', juzgado: 'Juzgado Segundo Civil de Tijuana', partes: ['Ana Beltrán Soto'] },
  { id: 'b-ti-7', court: 'ti-civil-7', expediente: '3834/2013', printed: '3834/2013', juzgado: 'Juzgado 7o. Civil Tijuana', partes: ['Hipotecaria Nacional'] },
  {
    id: 'b-ti-fam-1',
    court: 'ti-familiar-1',
    expediente: '00017/2025',
    printed: 'EXP 00017/2025',
    juzgado: 'Juzgado Primero de lo Familiar de Tijuana',
    partes: ['Lorena Vázquez Ibarra'],
  },
  {
    id: 'b-ti-corp',
    court: 'ti-corporativo-11',
    expediente: '120/2025',
    printed: 'CA-EVF 00120/2025',
    juzgado: 'Juzgado Corporativo Décimo Primero Civil Especializado en Materia Mercantil de Tijuana',
    partes: ['Banco Mercantil del Norte'],
  },
  { id: 'b-me-5', court: 'me-civil-5', expediente: '0696/2019', printed: '00696/2019', juzgado: 'Juzgado Quinto Civil de Mexicali', partes: ['César Alejandro Soto Pérez'] },
  { id: 'b-en-1', court: 'en-civil-1', expediente: '1010/2025', printed: '01010/2025', juzgado: 'Juzgado Primero Civil de Ensenada', partes: ['Roberto Lara Cota'] },
];

/** The rows of one Baja California list: number of the row, expediente, parties and juicio. */
function bcRow(index: number, number: string, details: string, random: ReturnType<typeof seeded>): string {
  // Word saves each cell's text in a paragraph, and sometimes breaks a long cell in two.
  const parts = details.length > 60 && random.chance(0.3) ? [details.slice(0, details.indexOf(' VS ') + 1 || 30), details.slice(details.indexOf(' VS ') + 1 || 30)] : [details];
  const cell = (text: string, widthPt: number) =>
    `<td width=${widthPt} valign=top style='width:${widthPt}.0pt;padding:0cm 5.4pt 0cm 5.4pt'><p class=MsoNormal><span style='font-size:8.0pt;font-family:"Arial",sans-serif'>${text}<o:p></o:p></span></p></td>`;
  return `<tr style='mso-yfti-irow:${index}'>${cell(String(index), 30)}${cell(number, 80)}${`<td width=400 valign=top style='width:400.0pt'>${parts
    .map((part) => `<p class=MsoNormal><span style='font-size:8.0pt'>${escapeHtml(part.trim())}</span></p>`)
    .join('')}</td>`}</tr>`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Baja California's day: its index page and one page per city, each the
 * HTML Word saves (class=MsoNormal paragraphs, tables of rows, Word's hidden
 * spacer rows, a hidden row a person never sees), in windows-1252. The
 * lawyer's acuerdos and the traps are among the rows.
 */
export function bcDay(options: { rowsPerList: number; seed?: number; fecha?: string }) {
  const random = seeded(options.seed ?? 45);
  const fecha = options.fecha ?? '2026-03-10';
  const [year, month, day] = fecha.split('-');
  const dateText = `${Number(day)} DE ${MONTHS[Number(month) - 1]!.toUpperCase()} DE ${year}`;
  const planted: Planted[] = [];
  const traps: Trap[] = [];
  const cases: CorpusCase[] = BC_CASES.map(({ id, expediente, juzgado, partes }) => ({ id, expediente, juzgado, partes }));
  // A case whose juzgado names no city: Tijuana and Mexicali each have a Juzgado Tercero Civil.
  cases.push({ id: 'b-sin-ciudad', expediente: '777/2025', juzgado: 'Juzgado Tercero Civil', partes: ['Fernando Icaza Ruiz'] });
  const extra = new Map<string, { number: string; details: string }[]>();
  const add = (key: string, number: string, details: string) => extra.set(key, [...(extra.get(key) ?? []), { number, details }]);
  for (const caso of BC_CASES) {
    const details = `${caso.partes[0]!.toUpperCase()} VS ${random.chance(0.5) ? 'SECRETO' : person(random)}. ${random.pick(['ORDINARIO CIVIL', 'SUMARIO HIPOTECARIO', 'EJECUTIVO MERCANTIL', 'DIVORCIO POR MUTUO CONSENTIMIENTO', 'SUCESORIO INTESTAMENTARIO'])}`;
    add(caso.court, caso.printed, details);
    planted.push({ casoId: caso.id, text: `${caso.printed} ${details}` });
  }
  // The same number in another city's court of the same ordinal.
  const trapRow = (casoId: string, key: string, number: string, why: string) => {
    const details = `${person(random)} VS ${person(random)}. ORDINARIO CIVIL`;
    add(key, number, details);
    traps.push({ casoId, text: `${number} ${details}`, why });
  };
  trapRow('b-ti-2', 'me-civil-2', '00450/2024', 'otra ciudad');
  trapRow('b-me-5', 'ti-civil-5', '00696/2019', 'otra ciudad');
  trapRow('b-sin-ciudad', 'ti-civil-3', '00777/2025', 'el caso no dice la ciudad');
  trapRow('b-sin-ciudad', 'me-civil-3', '00777/2025', 'el caso no dice la ciudad');

  const pages = new Map<string, string[]>();
  let printed = 0;
  for (const court of BC_COURTS) {
    const code = court.city === 'TIJUANA' ? 'ti' : court.city === 'MEXICALI' ? 'me' : 'en';
    const body = pages.get(code) ?? [];
    const suffix = random.chance(0.5) ? `, B.C. LISTA (BOLETIN) DEL ${dateText}` : `, B.C. ${dateText}`;
    body.push(`<p class=MsoNormal align=center style='text-align:center'><b><span style='font-size:9.0pt'>${court.heading}${suffix}<o:p></o:p></span></b></p>`);
    const planned = extra.get(court.key) ?? [];
    for (const secretaria of random.chance(0.5) ? ['PRIMER SECRETARIA', 'SEGUNDA SECRETARIA'] : ['PRIMER SECRETARIA']) {
      body.push(`<p class=MsoNormal><b><span style='font-size:8.0pt'>${secretaria}</span></b></p>`, `<p class=MsoNormal><span style='font-size:8.0pt'>Acuerdos</span></p>`);
      const rows: string[] = [
        // Word's header row, and its spacer row a browser does not show.
        `<tr style='mso-yfti-irow:-1;mso-yfti-firstrow:yes'><td><p class=MsoNormal><b>No.</b></p></td><td><p class=MsoNormal><b>EXPEDIENTE</b></p></td><td><p class=MsoNormal><b>PARTES</b></p></td></tr>`,
      ];
      const count = options.rowsPerList + random.int(5);
      const list: { number: string; details: string }[] = [];
      for (let i = 0; i < count; i += 1)
        list.push({
          number: `${random.chance(0.1) ? 'EXP ' : ''}${String(3000 + random.int(6000)).padStart(5, '0')}/${2010 + random.int(16)}`,
          details: `${party(random)} VS ${random.chance(0.3) ? 'SECRETO' : person(random)}. ${random.pick(['ORDINARIO CIVIL', 'SUMARIO HIPOTECARIO', 'EJECUTIVO MERCANTIL', 'JURISDICCION VOLUNTARIA', 'DIVORCIO', 'ALIMENTOS'])}`,
        });
      for (const item of planned.splice(0)) list.splice(random.int(list.length + 1), 0, item);
      list.forEach((item, index) => {
        rows.push(bcRow(index + 1, item.number, item.details, random));
        if (random.chance(0.05)) rows.push(`<tr style='display:none;mso-hide:all'><td>${index + 1}</td><td>${item.number}</td><td>${escapeHtml(item.details)}</td></tr>`);
      });
      printed += list.length;
      rows.push(
        `<![if !supportMisalignedColumns]><tr height=0><td width=30 style='border:none'></td><td width=80 style='border:none'></td><td width=400 style='border:none'></td></tr><![endif]>`,
      );
      body.push(`<table class=MsoNormalTable border=0 cellspacing=0 cellpadding=0 style='border-collapse:collapse'>${rows.join('\n')}</table>`, `<p class=MsoNormal>&nbsp;</p>`);
    }
    pages.set(code, body);
  }
  const stamp = `${year!.slice(2)}${month}${day}`;
  const wordPage = (title: string, body: string) =>
    `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta http-equiv=Content-Type content="text/html; charset=windows-1252"><title>${title}</title><style><!-- p.MsoNormal {margin:0cm;font-size:10.0pt;} --></style><!--[if gte mso 9]><xml><o:DocumentProperties><o:Author>PJBC</o:Author></o:DocumentProperties></xml><![endif]--></head><body lang=ES-MX><div class=WordSection1>${body}</div></body></html>`;
  const index = wordPage(
    'Boletín Judicial',
    `<p class=MsoNormal align=center><b>BOLETIN JUDICIAL DEL ESTADO DE BAJA CALIFORNIA</b></p><p class=MsoNormal align=center>${longDay(fecha).toUpperCase()}</p>${['ti', 'me', 'en'].map((code) => `<p class=MsoNormal><a href="${code}${stamp}.htm">${code === 'ti' ? 'TIJUANA' : code === 'me' ? 'MEXICALI' : 'ENSENADA'}</a></p>`).join('')}`,
  );
  const cityPages = Object.fromEntries([...pages.entries()].map(([code, body]) => [`${code}${stamp}.htm`, wordPage(`Boletín ${code}`, body.join('\n'))]));
  return { index: { name: `in${stamp}.htm`, html: index }, pages: cityPages, corpus: { cases, planted, traps, printed, edictos: 0, fecha } satisfies Corpus };
}

/** Bytes as the site serves them: windows-1252. */
export function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };
  return Buffer.from([...text].map((char) => special[char] ?? (char.charCodeAt(0) < 256 ? char.charCodeAt(0) : 0x3f)));
}

/**
 * A small Mexico City day for the watched-bulletin tests: the given courts
 * and entries (each court under its section), plus `filler` ordinary entries
 * in other courts so the day runs over pages, written as the day's PDF.
 */
export async function cdmxSmallDay(
  fecha: string,
  courts: { section: string; heading: string; entries: string[] }[],
  options: { filler?: number; loseRightColumn?: boolean; numero?: number } = {},
): Promise<Buffer> {
  const random = seeded(91);
  const flow: FlowItem[] = [];
  let section = '';
  const fillerCourts = Math.ceil((options.filler ?? 0) / 40);
  const all = [
    ...courts,
    ...Array.from({ length: fillerCourts }, (_, index) => ({ section: 'JUZGADOS DE LO FAMILIAR', heading: `${ordinal(index + 1)} DE LO FAMILIAR`, entries: [] as string[] })),
  ];
  let filled = 0;
  for (const court of all) {
    if (court.section !== section) {
      section = court.section;
      flow.push({ kind: 'section', text: section });
    }
    flow.push({ kind: 'court', text: court.heading });
    for (const text of court.entries) flow.push({ kind: 'entry', text, section });
    if (court.entries.length === 0)
      for (let i = 0; i < 40 && filled < (options.filler ?? 0); i += 1, filled += 1)
        flow.push({ kind: 'entry', text: ordinaryEntry(random, { key: 'f', section, heading: court.heading, materia: 'familiar', numero: 1, secretarias: [] }), section });
  }
  return (await cdmxPdf(flow, { fecha, numero: options.numero, loseRightColumn: options.loseRightColumn })).pdf;
}

/** A Baja California city page as its site serves it (Word's HTML), with the given courts and rows: [number cell, parties]. */
export function bcCityPage(fecha: string, courts: { heading: string; rows: [string, string][] }[], options: { skipRows?: number[] } = {}): string {
  const random = seeded(92);
  const [year, month, day] = fecha.split('-');
  const dateText = `${Number(day)} DE ${MONTHS[Number(month) - 1]!.toUpperCase()} DE ${year}`;
  const body = courts.flatMap((court) => {
    const rows = court.rows
      .map(([number, details], index) => (options.skipRows?.includes(index + 1) ? '' : bcRow(index + 1, number, details, random)))
      .filter(Boolean)
      .join('\n');
    return [
      `<p class=MsoNormal align=center><b><span>${court.heading}, B.C. ${dateText}</span></b></p>`,
      `<p class=MsoNormal><b>PRIMER SECRETARIA</b></p><p class=MsoNormal>Acuerdos</p>`,
      `<table class=MsoNormalTable border=0 cellspacing=0 cellpadding=0>${rows}</table>`,
    ];
  });
  return `<html><head><meta http-equiv=Content-Type content="text/html; charset=windows-1252"><title>Boletín</title></head><body><div class=WordSection1>${body.join('\n')}</div></body></html>`;
}

/** Baja California's index of a day: its masthead and date, and links to the day's city pages. */
export function bcIndexPage(fecha: string, links: string[]): string {
  return `<html><head><meta http-equiv=Content-Type content="text/html; charset=windows-1252"></head><body><p class=MsoNormal align=center><b>BOLETIN JUDICIAL DEL ESTADO DE BAJA CALIFORNIA</b></p><p class=MsoNormal align=center>${longDay(fecha).toUpperCase()}</p>${links
    .map((link) => `<p class=MsoNormal><a href="${link}">${link}</a></p>`)
    .join('')}</body></html>`;
}

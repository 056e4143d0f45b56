import { addDays } from './dates';
import { type CalendarioEstatal, type CalendarioPreset, type DiaInhabil, esFinDeSemana, type PlazoTipo } from './plazos-calculo';
import type { ActuacionTipo } from './values/actuaciones';
import type { Materia } from './values/casos';

/**
 * The deadlines an actuación starts (issue 35): a catalogue of the common
 * ones, each with the law and article it comes from, and when a notification
 * by bulletin takes effect. Every term here is counted from the day after the
 * notification took effect, the last day included (the count of
 * plazos-calculo.ts). A rule whose article was read in the law's text (or as
 * the Supreme Court quotes it) is `verificada`; the others are shown 'por
 * confirmar' on screen, and the lawyer checks them before relying on them.
 * No plain number of days here was made up: where we could not read the text,
 * the number is the one the profession commonly cites, and says so.
 */

/** Which calendar a rule's count runs on: the federal courts', labour's, or the case's state courts'. */
export type CalendarioDeRegla = 'amparo' | 'laboral' | 'estatal';

export interface ReglaPlazo {
  clave: string;
  /** What the term is for, as a litigator says it: 'Recurso de revisión'. */
  nombre: string;
  ley: string;
  articulo: string;
  dias: number;
  tipo: PlazoTipo;
  /** The materias of the cases it applies to; null: a case of any materia (an amparo against a judgment of any kind). */
  materias: Materia[] | null;
  /** The actuaciones that start it. */
  tipos: ActuacionTipo[];
  calendario: CalendarioDeRegla;
  /** Its text was read (the law, or the Supreme Court quoting it). */
  verificada: boolean;
  /** What the lawyer should know: its exceptions, or what is still to confirm. */
  nota: string | null;
}

const RESOLUCIONES: ActuacionTipo[] = ['acuerdo', 'auto_admisorio', 'requerimiento', 'sentencia', 'otro'];
const POR_CONFIRMAR = 'Por confirmar en el texto vigente de la ley antes de contar con él.';

export const REGLAS_PLAZO: ReglaPlazo[] = [
  {
    clave: 'amparo-demanda',
    nombre: 'Demanda de amparo (plazo genérico)',
    ley: 'Ley de Amparo',
    articulo: 'art. 17',
    dias: 15,
    tipo: 'habiles',
    materias: null,
    tipos: [...RESOLUCIONES, 'emplazamiento'],
    calendario: 'amparo',
    verificada: true,
    nota: 'Son 30 días contra una norma autoaplicativa o en extradición (fr. I), y hay plazos mayores o ninguno en las fracciones II a IV. Se cuenta desde el día siguiente a aquel en que surtió efectos la notificación (art. 18).',
  },
  {
    clave: 'amparo-revision',
    nombre: 'Recurso de revisión en amparo',
    ley: 'Ley de Amparo',
    articulo: 'art. 86',
    dias: 10,
    tipo: 'habiles',
    materias: ['amparo'],
    tipos: ['sentencia', 'acuerdo', 'auto_admisorio'],
    calendario: 'amparo',
    verificada: true,
    nota: null,
  },
  {
    clave: 'amparo-queja',
    nombre: 'Recurso de queja en amparo (plazo genérico)',
    ley: 'Ley de Amparo',
    articulo: 'art. 98',
    dias: 5,
    tipo: 'habiles',
    materias: ['amparo'],
    tipos: ['acuerdo', 'auto_admisorio', 'requerimiento', 'otro'],
    calendario: 'amparo',
    verificada: true,
    nota: 'Contra la omisión de tramitar la demanda, en cualquier tiempo.',
  },
  {
    clave: 'amparo-queja-suspension',
    nombre: 'Recurso de queja contra la suspensión de plano o provisional',
    ley: 'Ley de Amparo',
    articulo: 'art. 98',
    dias: 2,
    tipo: 'habiles',
    materias: ['amparo'],
    tipos: ['acuerdo', 'auto_admisorio'],
    calendario: 'amparo',
    verificada: true,
    nota: null,
  },
  {
    clave: 'amparo-reclamacion',
    nombre: 'Recurso de reclamación en amparo',
    ley: 'Ley de Amparo',
    articulo: 'art. 104',
    dias: 3,
    tipo: 'habiles',
    materias: ['amparo'],
    tipos: ['acuerdo', 'auto_admisorio'],
    calendario: 'amparo',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'mercantil-ejecutivo-contestacion',
    nombre: 'Contestación en juicio ejecutivo mercantil',
    ley: 'Código de Comercio',
    articulo: 'art. 1396',
    dias: 8,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['emplazamiento', 'auto_admisorio'],
    calendario: 'estatal',
    verificada: false,
    nota: `${POR_CONFIRMAR} Antes de la reforma de 2008 el art. 1399 daba cinco días.`,
  },
  {
    clave: 'mercantil-ordinario-contestacion',
    nombre: 'Contestación en juicio ordinario mercantil',
    ley: 'Código de Comercio',
    articulo: 'art. 1378',
    dias: 15,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['emplazamiento', 'auto_admisorio'],
    calendario: 'estatal',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'mercantil-apelacion-sentencia',
    nombre: 'Apelación contra sentencia definitiva (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1079, fr. II',
    dias: 9,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['sentencia'],
    calendario: 'estatal',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'mercantil-apelacion-auto',
    nombre: 'Apelación contra auto o interlocutoria (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1079, fr. III',
    dias: 6,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo', 'auto_admisorio', 'requerimiento'],
    calendario: 'estatal',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'civil-cdmx-contestacion',
    nombre: 'Contestación en juicio ordinario civil (Ciudad de México)',
    ley: 'Código de Procedimientos Civiles para el Distrito Federal',
    articulo: 'art. 256',
    dias: 15,
    tipo: 'habiles',
    materias: ['civil'],
    tipos: ['emplazamiento', 'auto_admisorio'],
    calendario: 'estatal',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'civil-cdmx-apelacion-sentencia',
    nombre: 'Apelación contra sentencia definitiva (Ciudad de México)',
    ley: 'Código de Procedimientos Civiles para el Distrito Federal',
    articulo: 'art. 692 Quáter',
    dias: 12,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: ['sentencia'],
    calendario: 'estatal',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'civil-cdmx-apelacion-auto',
    nombre: 'Apelación contra auto o interlocutoria (Ciudad de México)',
    ley: 'Código de Procedimientos Civiles para el Distrito Federal',
    articulo: 'art. 692 Quáter',
    dias: 8,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: ['acuerdo', 'auto_admisorio', 'requerimiento'],
    calendario: 'estatal',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'civil-cdmx-generico',
    nombre: 'Término genérico: cuando la ley no señala otro (Ciudad de México)',
    ley: 'Código de Procedimientos Civiles para el Distrito Federal',
    articulo: 'art. 137',
    dias: 3,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: ['acuerdo', 'requerimiento', 'otro'],
    calendario: 'estatal',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'laboral-contestacion',
    nombre: 'Contestación de la demanda laboral',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 873',
    dias: 15,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: ['emplazamiento', 'auto_admisorio'],
    calendario: 'laboral',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
  {
    clave: 'laboral-generico',
    nombre: 'Término genérico: cuando la ley no señala otro (laboral)',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 735',
    dias: 3,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: ['acuerdo', 'requerimiento', 'otro'],
    calendario: 'laboral',
    verificada: false,
    nota: POR_CONFIRMAR,
  },
];

/** Its citation as the plazo and its appointment show it: 'Ley de Amparo, art. 86'. */
export const citaDe = (regla: Pick<ReglaPlazo, 'ley' | 'articulo'>) => `${regla.ley}, ${regla.articulo}`;

/** The rules that fit an actuación of this kind in a case of this materia, the case's own materia first. */
export function reglasPara<R extends Pick<ReglaPlazo, 'materias' | 'tipos'>>(reglas: R[], materia: Materia | null, tipo: ActuacionTipo): R[] {
  const fits = reglas.filter((regla) => regla.tipos.includes(tipo) && (regla.materias === null || (materia !== null && regla.materias.includes(materia))));
  return fits.sort((a, b) => Number(a.materias === null) - Number(b.materias === null));
}

/** The preset a rule counts on, for a case of this state's courts. */
export function calendarioDeRegla(regla: Pick<ReglaPlazo, 'calendario'>, estatal: CalendarioEstatal = 'cdmx'): CalendarioPreset {
  return regla.calendario === 'estatal' ? estatal : regla.calendario;
}

/** When a notification published in a bulletin takes effect, by the law of the case's materia, and whether its text was read. */
export const SURTE_EFECTOS: Record<'amparo' | 'mercantil' | 'laboral' | 'civil' | 'otra', { fundamento: string; verificada: boolean }> = {
  amparo: { fundamento: 'Ley de Amparo, art. 31, fr. II: surte efectos el día hábil siguiente al de la fijación de la lista', verificada: true },
  mercantil: { fundamento: 'Código de Comercio, art. 1075: la notificación por boletín surte efectos al día siguiente de aquel en que se hizo', verificada: true },
  laboral: { fundamento: 'Ley Federal del Trabajo, art. 747, fr. II: al día siguiente al de su publicación en el boletín (por confirmar)', verificada: false },
  civil: {
    fundamento: 'Código de Procedimientos Civiles para el Distrito Federal, art. 125: al día siguiente de su publicación en el Boletín Judicial (por confirmar)',
    verificada: false,
  },
  otra: { fundamento: 'Día hábil siguiente a la publicación: confirma la regla de la ley que rige el procedimiento', verificada: false },
};

export function surteEfectosSegun(materia: Materia | null): { fundamento: string; verificada: boolean } {
  if (materia === 'amparo' || materia === 'mercantil' || materia === 'laboral') return SURTE_EFECTOS[materia];
  if (materia === 'civil' || materia === 'familiar') return SURTE_EFECTOS.civil;
  return SURTE_EFECTOS.otra;
}

/**
 * The day a notification published on `publicacion` takes effect: the next
 * day the court works (a weekend or a día inhábil of the calendar skipped).
 * A bulletin published on a day the court is closed (it happens at the start
 * of a recess) takes effect on the first working day after it.
 */
export function surteEfectos(publicacion: string, inhabiles: DiaInhabil[]): string {
  const closed = new Set(inhabiles.map((day) => day.fecha));
  let day = addDays(publicacion, 1);
  while (esFinDeSemana(day) || closed.has(day)) day = addDays(day, 1);
  return day;
}

import { addDays } from './dates';
import { CALENDARIOS_PRESET, type CalendarioEstatal, type CalendarioPreset, type DiaInhabil, esFinDeSemana } from './plazos-calculo';
import type { ActuacionTipo } from './values/actuaciones';
import type { Materia } from './values/casos';
import { AMPARO } from './reglas-plazo/amparo';
import { CIVIL } from './reglas-plazo/civil';
import { COMERCIO } from './reglas-plazo/comercio';
import type { ReglaPlazo } from './reglas-plazo/tipos';
import { TRABAJO } from './reglas-plazo/trabajo';

export type { CalendarioDeRegla, ReglaPlazo } from './reglas-plazo/tipos';

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

/** The catalogue, law by law in the order a litigator meets them (reglas-plazo/): each rule's text, source and verdict are in shared/law/plazos.md. */
export const REGLAS_PLAZO: ReglaPlazo[] = [...AMPARO, ...COMERCIO, ...CIVIL, ...TRABAJO];

/** Its citation as the plazo and its appointment show it: 'Ley de Amparo, art. 86'. */
export const citaDe = (regla: Pick<ReglaPlazo, 'ley' | 'articulo'>) => `${regla.ley}, ${regla.articulo}`;

/** Mexico City's own code governs only its courts: its rules are never proposed for another state's case. */
const soloDeLaCiudad = (regla: { ley?: string }) => regla.ley === 'Código de Procedimientos Civiles para el Distrito Federal';

/** The rules that fit an actuación of this kind in a case of this materia (on this state's courts), the case's own materia first. */
export function reglasPara<R extends Pick<ReglaPlazo, 'materias' | 'tipos'> & { ley?: string }>(
  reglas: R[],
  materia: Materia | null,
  tipo: ActuacionTipo,
  estado: CalendarioEstatal = 'cdmx',
): R[] {
  const fits = reglas.filter(
    (regla) => regla.tipos.includes(tipo) && (regla.materias === null || (materia !== null && regla.materias.includes(materia))) && (estado === 'cdmx' || !soloDeLaCiudad(regla)),
  );
  return fits.sort((a, b) => Number(a.materias === null) - Number(b.materias === null));
}

/** The preset a rule counts on, for a case of this state's courts. */
export function calendarioDeRegla(regla: Pick<ReglaPlazo, 'calendario'>, estatal: CalendarioEstatal = 'cdmx'): CalendarioPreset {
  return regla.calendario === 'estatal' ? estatal : regla.calendario;
}

/** When a notification published in a bulletin takes effect, by the law of the case's materia, and whether its text was read. */
export const SURTE_EFECTOS: Record<'amparo' | 'mercantil' | 'laboral' | 'civil' | 'otra', { fundamento: string; verificada: boolean }> = {
  amparo: {
    fundamento:
      'Ley de Amparo, art. 31, fr. II: desde el día siguiente al de la fijación y publicación de la lista. Quien tiene Firma Electrónica queda notificado cuando vence el plazo del art. 30, fr. II sin consultar el archivo: entonces no lo fija la fecha de la lista',
    verificada: true,
  },
  mercantil: { fundamento: 'Código de Comercio, art. 1075: la notificación por boletín surte efectos al día siguiente de aquel en que se hizo', verificada: true },
  laboral: {
    fundamento: 'Ley Federal del Trabajo, art. 747, fr. II: al día siguiente al de su publicación en el Boletín; la hecha al buzón electrónico, en dos días (fr. III)',
    verificada: true,
  },
  civil: {
    fundamento: 'Código de Procedimientos Civiles para el Distrito Federal, art. 125: al día siguiente de su publicación en el Boletín Judicial (por confirmar)',
    verificada: false,
  },
  otra: {
    fundamento:
      'Sin regla leída para esta materia: se propone el día hábil siguiente a la publicación, la lectura más larga. Si la ley que rige el acto calla, la Suprema Corte (P./J. 11/2017) tiene la notificación por hecha en el momento en que se practica: confirma la regla de tu ley',
    verificada: false,
  },
};

export function surteEfectosSegun(materia: Materia | null, estado: CalendarioEstatal = 'cdmx'): { fundamento: string; verificada: boolean } {
  if (materia === 'amparo' || materia === 'mercantil' || materia === 'laboral') return SURTE_EFECTOS[materia];
  // Mexico City's code is the only state code whose rule we cite; another state's is never presented as it.
  if (materia === 'civil' || materia === 'familiar') return estado === 'cdmx' ? SURTE_EFECTOS.civil : surteEfectosEstatal(estado);
  return SURTE_EFECTOS.otra;
}

/** A state's civil code not read here: the day proposed is the longest reading, and said to be unconfirmed. */
function surteEfectosEstatal(estado: Exclude<CalendarioEstatal, 'cdmx'>): { fundamento: string; verificada: boolean } {
  const codigo = CALENDARIOS_PRESET[estado].finesDeSemana.replace(/ \(.*\)$/, '');
  return {
    fundamento: `${codigo}: su regla no se ha leído en el texto vigente; se propone el día hábil siguiente a la publicación, la lectura más larga. Confirma la regla de tu código`,
    verificada: false,
  };
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

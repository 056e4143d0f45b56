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
const AUTOS: ActuacionTipo[] = ['acuerdo', 'auto_admisorio', 'requerimiento'];
const CONTESTACION: ActuacionTipo[] = ['emplazamiento', 'auto_admisorio'];
const POR_CONFIRMAR = 'Por confirmar en el texto vigente de la ley antes de contar con él.';
/** The Código Nacional governs a case only where its entity declared it in force, and only for cases begun after that date. */
const CODIGO_NACIONAL =
  'Solo si el caso se rige por el Código Nacional de Procedimientos Civiles y Familiares: entra en vigor en cada entidad por la declaratoria de su Congreso (a más tardar el 1 de abril de 2027), y los procedimientos que ya estaban en trámite siguen con el código local, salvo que ambas partes opten por el Nacional (Decreto DOF 07-06-2023, transitorios segundo y cuarto).';

/** The catalogue; each rule's text, source and verdict are in shared/law/plazos.md. */
export const REGLAS_PLAZO: ReglaPlazo[] = [
  // Ley de Amparo (Última Reforma DOF 16-10-2025).
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
    nota: 'Son 30 días contra una norma autoaplicativa o en extradición (fr. I), y hay plazos mayores o ninguno en las fracciones II a IV. Se cuenta desde el día siguiente a aquel en que surtió efectos la notificación, y cuándo surtió efectos lo dice la ley del acto reclamado (art. 18): contra una sentencia mercantil, el Código de Comercio.',
  },
  {
    clave: 'amparo-revision',
    nombre: 'Recurso de revisión en amparo',
    ley: 'Ley de Amparo',
    articulo: 'art. 86',
    dias: 10,
    tipo: 'habiles',
    materias: ['amparo'],
    tipos: ['sentencia', 'acuerdo'],
    calendario: 'amparo',
    verificada: true,
    nota: 'Procede contra lo que enumera el art. 81 (la suspensión definitiva, el sobreseimiento fuera de la audiencia, las sentencias de la audiencia constitucional). El auto que admite o desecha la demanda no se revisa: se impugna en queja (art. 97, fr. I, a).',
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
    nota: 'Contra el auto que admite o desecha la demanda (art. 97, fr. I, a), entre otros. Contra la omisión de tramitar la demanda, en cualquier tiempo.',
  },
  {
    clave: 'amparo-queja-suspension',
    nombre: 'Recurso de queja contra la suspensión de plano o provisional',
    ley: 'Ley de Amparo',
    articulo: 'art. 98, fr. I',
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
    verificada: true,
    nota: 'Solo contra los acuerdos de trámite de la Presidencia de la Suprema Corte o de la presidencia de un tribunal colegiado de circuito.',
  },
  {
    clave: 'amparo-adhesivo',
    nombre: 'Alegatos o amparo adhesivo (amparo directo)',
    ley: 'Ley de Amparo',
    articulo: 'art. 181',
    dias: 15,
    tipo: 'habiles',
    materias: ['amparo'],
    tipos: ['auto_admisorio', 'acuerdo'],
    calendario: 'amparo',
    verificada: true,
    nota: 'Corre desde la notificación del acuerdo que admite la demanda de amparo directo.',
  },
  {
    clave: 'amparo-revision-adhesiva',
    nombre: 'Revisión adhesiva en amparo',
    ley: 'Ley de Amparo',
    articulo: 'art. 82',
    dias: 5,
    tipo: 'habiles',
    materias: ['amparo'],
    tipos: ['acuerdo', 'auto_admisorio'],
    calendario: 'amparo',
    verificada: true,
    nota: 'Para la parte que obtuvo resolución favorable; corre desde que surte efectos la notificación de la admisión del recurso de revisión.',
  },
  {
    clave: 'amparo-inconformidad',
    nombre: 'Recurso de inconformidad en amparo',
    ley: 'Ley de Amparo',
    articulo: 'art. 202',
    dias: 15,
    tipo: 'habiles',
    materias: ['amparo'],
    tipos: ['acuerdo', 'sentencia'],
    calendario: 'amparo',
    verificada: true,
    nota: null,
  },
  // Código de Comercio (Última reforma DOF 14-11-2025), for commercial trials in state courts.
  {
    clave: 'mercantil-ejecutivo-contestacion',
    nombre: 'Contestación en juicio ejecutivo mercantil',
    ley: 'Código de Comercio',
    articulo: 'arts. 1396 y 1399',
    dias: 8,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: CONTESTACION,
    calendario: 'estatal',
    verificada: true,
    nota: 'Se computa en términos del art. 1075: el emplazamiento surte efectos al día siguiente, y no se cuentan los días sin actuaciones judiciales (art. 1076).',
  },
  {
    clave: 'mercantil-ordinario-contestacion',
    nombre: 'Contestación en juicio ordinario mercantil',
    ley: 'Código de Comercio',
    articulo: 'art. 1378',
    dias: 15,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: CONTESTACION,
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  {
    clave: 'mercantil-oral-contestacion',
    nombre: 'Contestación en juicio oral mercantil',
    ley: 'Código de Comercio',
    articulo: 'art. 1390 Bis 14',
    dias: 9,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: CONTESTACION,
    calendario: 'estatal',
    verificada: true,
    nota: 'Contra las resoluciones del juicio oral mercantil no procede recurso ordinario alguno (art. 1390 Bis).',
  },
  {
    clave: 'mercantil-ejecutivo-oral-contestacion',
    nombre: 'Contestación en juicio ejecutivo mercantil oral',
    ley: 'Código de Comercio',
    articulo: 'art. 1390 Ter 6',
    dias: 8,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: CONTESTACION,
    calendario: 'estatal',
    verificada: true,
    nota: 'Contra sus resoluciones no se da recurso ordinario alguno (art. 1390 Ter 2).',
  },
  {
    clave: 'mercantil-apelacion-sentencia',
    nombre: 'Apelación contra sentencia definitiva (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1339 (y 1345 bis 1)',
    dias: 9,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['sentencia'],
    calendario: 'estatal',
    verificada: true,
    nota: 'No hay apelación en negocios de suerte principal menor a la cantidad que fija el art. 1339 (actualizada cada año), ni en el juicio oral mercantil (art. 1390 Bis); los de cuantía indeterminada siempre son apelables (art. 1339 Bis).',
  },
  {
    clave: 'mercantil-apelacion-preventiva',
    nombre: 'Apelación preventiva contra auto o interlocutoria (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'arts. 1339 y 1344',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: AUTOS,
    calendario: 'estatal',
    verificada: true,
    nota: 'Se apela por escrito sin expresar agravios, que se hacen valer con la apelación contra la sentencia definitiva. Los autos del art. 1345 se apelan de inmediato en seis días (otra regla). No hay apelación por debajo de la cuantía del art. 1339 ni en el juicio oral.',
  },
  {
    clave: 'mercantil-apelacion-auto',
    nombre: 'Apelación de tramitación inmediata contra auto o interlocutoria (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1079, fr. II (y 1345 bis 1)',
    dias: 6,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: AUTOS,
    calendario: 'estatal',
    verificada: true,
    nota: 'Solo en los casos del art. 1345: el auto que niega la admisión de la demanda o no admite la reconvención, las resoluciones que ponen fin al juicio, las de providencias precautorias, las de excepciones procesales, el auto que tiene por contestada la demanda o declara la rebeldía, entre otros. Para los demás autos apelables, la apelación preventiva de tres días.',
  },
  {
    clave: 'mercantil-revocacion',
    nombre: 'Revocación (primera instancia) o reposición (segunda), mercantil',
    ley: 'Código de Comercio',
    articulo: 'art. 1335',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: AUTOS,
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  {
    clave: 'mercantil-reconvencion-contestacion',
    nombre: 'Contestación a la reconvención (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'arts. 1378 y 1390 Bis 18',
    dias: 9,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo', 'auto_admisorio'],
    calendario: 'estatal',
    verificada: true,
    nota: 'En el ordinario y en el oral; corre desde que se notifica personalmente la admisión de la reconvención.',
  },
  {
    clave: 'mercantil-vista-contestacion',
    nombre: 'Vista de la contestación al actor (ordinario mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1378',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo'],
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  {
    clave: 'mercantil-vista-excepciones',
    nombre: 'Vista de las excepciones al actor (ejecutivo mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1400',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo'],
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  {
    clave: 'mercantil-prevencion',
    nombre: 'Desahogo de la prevención de la demanda (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1380',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['requerimiento', 'acuerdo'],
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  {
    clave: 'mercantil-adhesion-apelacion',
    nombre: 'Adhesión a la apelación (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1337, fr. III',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo'],
    calendario: 'estatal',
    verificada: true,
    nota: 'La parte que venció, al notificársele la admisión de la apelación o dentro de los tres días siguientes.',
  },
  {
    clave: 'mercantil-agravios-auto',
    nombre: 'Contestación de agravios contra auto o interlocutoria (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1345 bis 2',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo'],
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  {
    clave: 'mercantil-agravios-sentencia',
    nombre: 'Contestación de agravios contra sentencia definitiva (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1345 bis 2',
    dias: 6,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo'],
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  {
    clave: 'mercantil-vista-incidente',
    nombre: 'Vista en un incidente sin tramitación especial (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1079, fr. III',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo'],
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  {
    clave: 'mercantil-generico',
    nombre: 'Término genérico: cuando la ley no señala otro (mercantil)',
    ley: 'Código de Comercio',
    articulo: 'art. 1079, fr. VI',
    dias: 3,
    tipo: 'habiles',
    materias: ['mercantil'],
    tipos: ['acuerdo', 'requerimiento', 'otro'],
    calendario: 'estatal',
    verificada: true,
    nota: null,
  },
  // Código de Procedimientos Civiles para el Distrito Federal: its current official text was not read (shared/law/plazos.md, section 4).
  {
    clave: 'civil-cdmx-contestacion',
    nombre: 'Contestación en juicio ordinario civil (Ciudad de México)',
    ley: 'Código de Procedimientos Civiles para el Distrito Federal',
    articulo: 'art. 256',
    dias: 15,
    tipo: 'habiles',
    materias: ['civil'],
    tipos: CONTESTACION,
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
    tipos: AUTOS,
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
  // Código Nacional de Procedimientos Civiles y Familiares (Última reforma DOF 15-01-2026): offered after the local code's, never assumed.
  {
    clave: 'cnpcf-contestacion',
    nombre: 'Contestación de la demanda (Código Nacional)',
    ley: 'Código Nacional de Procedimientos Civiles y Familiares',
    articulo: 'art. 239',
    dias: 15,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: CONTESTACION,
    calendario: 'estatal',
    verificada: true,
    nota: `${CODIGO_NACIONAL} Tras el emplazamiento el término corre desde el día siguiente a aquel en que se hizo (art. 227, fr. I): la fecha de efectos es la del emplazamiento.`,
  },
  {
    clave: 'cnpcf-apelacion-sentencia',
    nombre: 'Apelación contra sentencia definitiva (Código Nacional)',
    ley: 'Código Nacional de Procedimientos Civiles y Familiares',
    articulo: 'art. 915',
    dias: 9,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: ['sentencia'],
    calendario: 'estatal',
    verificada: true,
    nota: CODIGO_NACIONAL,
  },
  {
    clave: 'cnpcf-apelacion-auto',
    nombre: 'Apelación contra las demás resoluciones (Código Nacional)',
    ley: 'Código Nacional de Procedimientos Civiles y Familiares',
    articulo: 'art. 915',
    dias: 5,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: AUTOS,
    calendario: 'estatal',
    verificada: true,
    nota: CODIGO_NACIONAL,
  },
  {
    clave: 'cnpcf-reposicion',
    nombre: 'Recurso de reposición (Código Nacional)',
    ley: 'Código Nacional de Procedimientos Civiles y Familiares',
    articulo: 'art. 928',
    dias: 3,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: AUTOS,
    calendario: 'estatal',
    verificada: true,
    nota: CODIGO_NACIONAL,
  },
  {
    clave: 'cnpcf-queja',
    nombre: 'Recurso de queja (Código Nacional)',
    ley: 'Código Nacional de Procedimientos Civiles y Familiares',
    articulo: 'art. 930',
    dias: 3,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: AUTOS,
    calendario: 'estatal',
    verificada: true,
    nota: CODIGO_NACIONAL,
  },
  {
    clave: 'cnpcf-prevencion',
    nombre: 'Desahogo de la prevención de la demanda (Código Nacional)',
    ley: 'Código Nacional de Procedimientos Civiles y Familiares',
    articulo: 'art. 236',
    dias: 3,
    tipo: 'habiles',
    materias: ['civil', 'familiar'],
    tipos: ['requerimiento', 'acuerdo'],
    calendario: 'estatal',
    verificada: true,
    nota: CODIGO_NACIONAL,
  },
  // Ley Federal del Trabajo (Última reforma DOF 21-02-2025).
  {
    clave: 'laboral-contestacion',
    nombre: 'Contestación de la demanda laboral',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 873-A',
    dias: 15,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: CONTESTACION,
    calendario: 'laboral',
    verificada: true,
    nota: 'El emplazamiento, notificación personal, surte efectos en el momento en que se practica (art. 747, fr. I): el término corre desde el día siguiente (art. 733).',
  },
  {
    clave: 'laboral-tercero',
    nombre: 'Manifestaciones del tercero interesado llamado a juicio (laboral)',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 873-D',
    dias: 15,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: ['emplazamiento'],
    calendario: 'laboral',
    verificada: true,
    nota: null,
  },
  {
    clave: 'laboral-especial-contestacion',
    nombre: 'Contestación en el procedimiento especial (laboral)',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 893',
    dias: 10,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: CONTESTACION,
    calendario: 'laboral',
    verificada: true,
    nota: null,
  },
  {
    clave: 'laboral-replica',
    nombre: 'Réplica y objeción de pruebas de la actora (laboral)',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 873-B',
    dias: 8,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: ['acuerdo'],
    calendario: 'laboral',
    verificada: true,
    nota: null,
  },
  {
    clave: 'laboral-contrarreplica',
    nombre: 'Contrarréplica de la demandada (laboral)',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 873-C',
    dias: 5,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: ['acuerdo'],
    calendario: 'laboral',
    verificada: true,
    nota: null,
  },
  {
    clave: 'laboral-reconvencion-contestacion',
    nombre: 'Contestación a la reconvención (laboral)',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 873-A',
    dias: 15,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: ['acuerdo', 'emplazamiento'],
    calendario: 'laboral',
    verificada: true,
    nota: null,
  },
  {
    clave: 'laboral-especial-replica',
    nombre: 'Réplica o contrarréplica en el procedimiento especial (laboral)',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 893',
    dias: 3,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: ['acuerdo'],
    calendario: 'laboral',
    verificada: true,
    nota: null,
  },
  {
    clave: 'laboral-prevencion',
    nombre: 'Desahogo de la prevención al trabajador actor (laboral)',
    ley: 'Ley Federal del Trabajo',
    articulo: 'art. 873',
    dias: 3,
    tipo: 'habiles',
    materias: ['laboral'],
    tipos: ['requerimiento'],
    calendario: 'laboral',
    verificada: true,
    nota: null,
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
    verificada: true,
    nota: null,
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

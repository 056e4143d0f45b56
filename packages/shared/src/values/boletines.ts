/** Plain values of the watched bulletins that screens show: no zod here (docs/decisions/0028). */

/**
 * What a bulletin brought a lawyer, counted honestly (issue 44): acuerdos
 * confirmed in their cases and possible ones to review, apart — a possible
 * match is not an acuerdo of theirs until they say so. The review's heading,
 * the bell, the email and Configuración say it in these words.
 */
export function conteoDeBoletin({ confirmadas, posibles }: { confirmadas: number; posibles: number }): string {
  const enCasos = `${cifra(confirmadas)} ${confirmadas === 1 ? 'acuerdo' : 'acuerdos'} en tus casos`;
  if (posibles === 0) return enCasos;
  if (confirmadas === 0) return `${cifra(posibles)} ${posibles === 1 ? 'posible acuerdo' : 'posibles acuerdos'} por revisar`;
  return `${enCasos} y ${cifra(posibles)} ${posibles === 1 ? 'posible' : 'posibles'} por revisar`;
}

const cifra = (n: number) => n.toLocaleString('es-MX');

/** The court sites whose daily bulletin Bufete can fetch and read for a lawyer (modules/bulletins/sources). */
export const BOLETIN_FUENTES = ['cdmx', 'bc', 'jalisco'] as const;
export type BoletinFuente = (typeof BOLETIN_FUENTES)[number];

export const BOLETIN_FUENTE_LABELS: Record<BoletinFuente, { nombre: string; sitio: string }> = {
  cdmx: { nombre: 'Boletín Judicial de la Ciudad de México', sitio: 'poderjudicialcdmx.gob.mx' },
  bc: { nombre: 'Boletín Judicial del Estado de Baja California', sitio: 'pjbc.gob.mx' },
  jalisco: { nombre: 'Boletín de los juzgados mercantiles de Guadalajara (Jalisco)', sitio: 'cjj.gob.mx' },
};

/** How a day's fetch of a source ended: read, no bulletin that day (a holiday), a page Bufete could not read, or the site failing. */
export const BOLETIN_DESCARGA_ESTADOS = ['pendiente', 'leido', 'sin_boletin', 'ilegible', 'fallido'] as const;
export type BoletinDescargaEstado = (typeof BOLETIN_DESCARGA_ESTADOS)[number];

export const BOLETIN_DESCARGA_LABELS: Record<BoletinDescargaEstado, string> = {
  pendiente: 'Pendiente',
  leido: 'Leído',
  sin_boletin: 'Sin boletín ese día',
  ilegible: 'No se pudo leer',
  fallido: 'El sitio no respondió',
};

/** The public layouts the reader knows (modules/bulletins/reading): each prints its courts, entries and date its own way. */
export const BOLETIN_FORMATOS = ['cdmx', 'bc', 'edomex', 'jalisco', 'generico'] as const;
export type BoletinFormato = (typeof BOLETIN_FORMATOS)[number];

export const BOLETIN_FORMATO_LABELS: Record<BoletinFormato, string> = {
  cdmx: 'Boletín Judicial de la Ciudad de México',
  bc: 'Boletín Judicial de Baja California',
  edomex: 'Boletín Judicial del Estado de México',
  jalisco: 'Boletín Judicial de Jalisco',
  generico: 'Lista de acuerdos',
};

/** Why a match is only 'posible', for the lawyer to judge it. */
export const COINCIDENCIA_MOTIVOS = [
  'mencionado',
  'edicto',
  'caso-sin-juzgado',
  'entrada-sin-juzgado',
  'clase-de-numero',
  'otra-toca',
  'tipo',
  'numero',
  'materia',
  'oralidad',
  'secretaria',
  'lugar',
  'sin-lugar',
] as const;
export type CoincidenciaMotivo = (typeof COINCIDENCIA_MOTIVOS)[number];

export const COINCIDENCIA_MOTIVO_LABELS: Record<CoincidenciaMotivo, string> = {
  mencionado: 'El número aparece dentro de otra entrada (un amparo, un acumulado, un exhorto), no como su expediente',
  edicto: 'El número aparece en un edicto, no en la lista de acuerdos de un juzgado',
  'caso-sin-juzgado': 'Tu caso no tiene juzgado: agrégalo para que Bufete pueda confirmar',
  'entrada-sin-juzgado': 'La entrada no está bajo el encabezado de un juzgado',
  'clase-de-numero': 'Uno es número de toca y el otro de expediente',
  'otra-toca': 'Es otra toca del mismo número (otro recurso o consecutivo)',
  tipo: 'Es otra clase de tribunal (sala, juzgado, cuantía menor, tutela…)',
  numero: 'Es otro juzgado',
  materia: 'Es un juzgado de otra materia',
  oralidad: 'Uno es de proceso oral y el otro de proceso escrito',
  secretaria: 'Es otra secretaría del juzgado',
  lugar: 'Es un juzgado de otra ciudad',
  'sin-lugar': 'Tu caso no dice la ciudad del juzgado: agrégala para que Bufete pueda confirmar',
};

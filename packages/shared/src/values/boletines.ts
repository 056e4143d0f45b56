/** Plain values of the watched bulletins that screens show: no zod here (docs/decisions/0028). */

/** The court sites whose daily bulletin Bufete can fetch and read for a lawyer (modules/bulletins/sources). */
export const BOLETIN_FUENTES = ['cdmx', 'bc'] as const;
export type BoletinFuente = (typeof BOLETIN_FUENTES)[number];

export const BOLETIN_FUENTE_LABELS: Record<BoletinFuente, { nombre: string; sitio: string }> = {
  cdmx: { nombre: 'Boletín Judicial de la Ciudad de México', sitio: 'poderjudicialcdmx.gob.mx' },
  bc: { nombre: 'Boletín Judicial del Estado de Baja California', sitio: 'pjbc.gob.mx' },
};

/** How a day's fetch of a source ended: read, no bulletin that day (a holiday), a page Bufete could not read, or the site failing. */
export const BOLETIN_DESCARGA_ESTADOS = ['pendiente', 'leido', 'sin_boletin', 'ilegible', 'fallido'] as const;
export type BoletinDescargaEstado = (typeof BOLETIN_DESCARGA_ESTADOS)[number];

export const BOLETIN_DESCARGA_LABELS: Record<BoletinDescargaEstado, string> = {
  pendiente: 'Pendiente',
  leido: 'Leído',
  sin_boletin: 'Sin boletín ese día',
  ilegible: 'No se pudo leer: el sitio cambió su formato',
  fallido: 'El sitio no respondió',
};

/** Plain values of a case's actuaciones that screens show: no zod here (docs/decisions/0028). */

/** What a court's publication was, as litigators name it. */
export const ACTUACION_TIPOS = ['acuerdo', 'auto_admisorio', 'emplazamiento', 'requerimiento', 'audiencia', 'sentencia', 'otro'] as const;
export type ActuacionTipo = (typeof ACTUACION_TIPOS)[number];

export const ACTUACION_TIPO_LABELS: Record<ActuacionTipo, string> = {
  acuerdo: 'Acuerdo',
  auto_admisorio: 'Auto admisorio',
  emplazamiento: 'Emplazamiento',
  requerimiento: 'Requerimiento',
  audiencia: 'Audiencia señalada',
  sentencia: 'Sentencia',
  otro: 'Otro',
};

/** Where the lawyer learnt of it. */
export const ACTUACION_ORIGENES = ['boletin', 'manual', 'correo'] as const;
export type ActuacionOrigen = (typeof ACTUACION_ORIGENES)[number];

export const ACTUACION_ORIGEN_LABELS: Record<ActuacionOrigen, string> = {
  boletin: 'Boletín judicial',
  manual: 'Captura manual',
  correo: 'Correo',
};

/** The longest text an actuación keeps: a long acuerdo as published runs to a few thousand characters. */
export const ACTUACION_TEXTO_MAX = 20_000;

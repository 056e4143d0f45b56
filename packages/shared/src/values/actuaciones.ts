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

/**
 * The kind an entry's text says it is, as a litigator would file it: a
 * sentencia, an auto that admits the demanda, an emplazamiento, a hearing's
 * date set, a requerimiento or prevención; anything else an acuerdo. Only a
 * proposal: the lawyer can change it before registering.
 */
export function tipoSugerido(texto: string): ActuacionTipo {
  const folded = texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (/\b(se dicta|dictase|dictó|dicto) sentencia\b|\bsentencia (definitiva|interlocutoria)\b/.test(folded)) return 'sentencia';
  if (/\b(se admite|admitese|se admite a tramite|se tiene por admitida) (la )?demanda\b|\bauto admisorio\b/.test(folded)) return 'auto_admisorio';
  if (/\bemplac|\bemplaz/.test(folded)) return 'emplazamiento';
  if (/\b(senala|senalan|senalandose|se fija|fijandose|se programa)\b[^.]{0,80}\b(audiencia|diligencia)\b|\baudiencia\b[^.]{0,60}\b(senala|fija)\b/.test(folded))
    return 'audiencia';
  if (/\b(se requiere|requierase|se previene|prevengase|apercib)/.test(folded)) return 'requerimiento';
  return 'acuerdo';
}

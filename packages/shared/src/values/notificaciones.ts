/** Plain values of the notificaciones area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** What a notification is about; each links to its record. */
export const NOTIFICACION_TIPOS = [
  'cita_proxima',
  'correo_enviado',
  'correo_fallido',
  'factura_vencida',
  'cuota_ia',
  'google_desconectado',
  'vencimiento',
  'cfdi_cancelacion',
  'cfdi_complemento',
  'boletin',
  /** A client's upload or message from the portal. */
  'portal',
  /** A task someone of the despacho gave to this person (issue 46). */
  'tarea_asignada',
] as const;
export type NotificacionTipo = (typeof NOTIFICACION_TIPOS)[number];

/** The newest notifications the panel shows at once (older ones page in). */
export const NOTIFICACIONES_POR_PAGINA = 20;
/** How often an open app asks for new ones (ms). */
export const NOTIFICACIONES_INTERVALO_MS = 30_000;

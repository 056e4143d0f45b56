import { instant, okSchema, pageOf } from './common';
import { endpoint } from './endpoint';
import { pageCursor } from './fields';
import { z } from './zod';

/** What a notification is about; each links to its record. */
export const NOTIFICACION_TIPOS = ['cita_proxima', 'correo_enviado', 'correo_fallido', 'factura_vencida', 'cuota_ia', 'google_desconectado', 'vencimiento', 'cfdi_cancelacion'] as const;
export type NotificacionTipo = (typeof NOTIFICACION_TIPOS)[number];

/** The newest notifications the panel shows at once (older ones page in). */
export const NOTIFICACIONES_POR_PAGINA = 20;
/** How often an open app asks for new ones (ms). */
export const NOTIFICACIONES_INTERVALO_MS = 30_000;

export const notificacionSchema = z.strictObject({
  id: z.string(),
  tipo: z.enum(NOTIFICACION_TIPOS),
  titulo: z.string(),
  detalle: z.string().nullable(),
  /** Where it opens in the app ('/calendario?…', '/clientes/…'). */
  enlace: z.string(),
  leida: z.boolean(),
  created_at: instant,
});
export type Notificacion = z.output<typeof notificacionSchema>;

export const notificacionListQuerySchema = z.object({ cursor: pageCursor });

export const notificacionesApi = {
  /** The newest first, and how many are unread (the bell's count). */
  list: endpoint({
    method: 'GET',
    path: '/notificaciones',
    auth: 'user',
    query: notificacionListQuerySchema,
    response: pageOf(notificacionSchema).extend({ no_leidas: z.number() }),
  }),
  read: endpoint({ method: 'POST', path: '/notificaciones/:id/read', auth: 'user', response: okSchema }),
  readAll: endpoint({ method: 'POST', path: '/notificaciones/read-all', auth: 'user', response: okSchema }),
};

import { NOTIFICACION_TIPOS } from './values/notificaciones';
import { instant } from './common';
import { pageCursor } from './fields';
import { z } from './zod';

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

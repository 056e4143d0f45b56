import { endpoint } from '../endpoint';
import { notificacionListQuerySchema, notificacionSchema } from '../notificaciones';
import { okSchema, pageOf } from '../common';
import { z } from '../zod';

/** The notificaciones endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
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

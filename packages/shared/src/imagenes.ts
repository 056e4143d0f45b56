import { instant, itemsOf, okSchema, signedLinkSchema, storedFileFields } from './common';
import { LIMITS } from './constants';
import { endpoint } from './endpoint';
import { fileQuerySchema } from './documentos';
import { filterId, optionalId } from './fields';
import { z } from './zod';

/** An image belongs to a case or to a note (exactly one of them). */
export const imagenSchema = z.strictObject({
  ...storedFileFields,
  caso_id: z.string().nullable(),
  nota_id: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type Imagen = z.infer<typeof imagenSchema>;

export const imagenesApi = {
  list: endpoint({ method: 'GET', path: '/imagenes', auth: 'user', query: z.object({ caso_id: filterId, nota_id: filterId }), response: itemsOf(imagenSchema) }),
  upload: endpoint({
    method: 'POST',
    path: '/imagenes',
    auth: 'user',
    upload: { fields: z.object({ caso_id: optionalId, nota_id: optionalId }), maxBytes: LIMITS.imageMaxBytes },
    response: z.strictObject({ imagen: imagenSchema }),
    status: 201,
  }),
  file: endpoint({ method: 'GET', path: '/imagenes/:id/file', auth: 'user', query: fileQuerySchema, response: 'file' }),
  link: endpoint({ method: 'POST', path: '/imagenes/:id/link', auth: 'user', response: signedLinkSchema }),
  remove: endpoint({ method: 'DELETE', path: '/imagenes/:id', auth: 'user', response: okSchema }),
};

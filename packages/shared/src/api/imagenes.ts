import { LIMITS } from '../constants';
import { endpoint } from '../endpoint';
import { fileQuerySchema } from '../documentos';
import { filterId, optionalId } from '../fields';
import { imagenSchema } from '../imagenes';
import { itemsOf, okSchema, signedLinkSchema } from '../common';
import { z } from '../zod';

/** The imagenes endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
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

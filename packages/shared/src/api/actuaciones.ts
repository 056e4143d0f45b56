import { actuacionCreateSchema, actuacionListQuerySchema, actuacionSchema, actuacionUpdateSchema } from '../actuaciones';
import { itemsOf, okSchema, visibilidadSchema } from '../common';
import { endpoint } from '../endpoint';
import { z } from '../zod';

/** A case's actuaciones: what the court published in it (docs/decisions/0030). */
export const actuacionesApi = {
  /** A case's actuaciones, the latest publication first. */
  list: endpoint({ method: 'GET', path: '/actuaciones', auth: 'user', query: actuacionListQuerySchema, response: itemsOf(actuacionSchema) }),
  create: endpoint({ method: 'POST', path: '/actuaciones', auth: 'user', body: actuacionCreateSchema, response: z.strictObject({ actuacion: actuacionSchema }), status: 201 }),
  update: endpoint({ method: 'PUT', path: '/actuaciones/:id', auth: 'user', body: actuacionUpdateSchema, response: z.strictObject({ actuacion: actuacionSchema }) }),
  /** 'Visible para el cliente' in the client's portal (issue 38). */
  setVisible: endpoint({ method: 'PUT', path: '/actuaciones/:id/visibilidad', auth: 'user', body: visibilidadSchema, response: z.strictObject({ actuacion: actuacionSchema }) }),
  remove: endpoint({ method: 'DELETE', path: '/actuaciones/:id', auth: 'user', response: okSchema }),
};

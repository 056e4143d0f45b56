import { caseContentCountsSchema, casoCreateSchema, casoListQuerySchema, casoOptionSchema, casoReply, casoSchema, casoUpdateSchema } from '../casos';
import { endpoint } from '../endpoint';
import { historialPageSchema, historialQuerySchema } from '../historial';
import { itemsOf, okSchema, pageOf } from '../common';
import { z } from '../zod';

/** The casos endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const casosApi = {
  list: endpoint({ method: 'GET', path: '/casos', auth: 'user', query: casoListQuerySchema, response: pageOf(casoSchema) }),
  /** id and titulo of every case, by title: the pickers and filters of other screens. */
  options: endpoint({ method: 'GET', path: '/casos/options', auth: 'user', response: itemsOf(casoOptionSchema) }),
  create: endpoint({ method: 'POST', path: '/casos', auth: 'user', body: casoCreateSchema, response: casoReply, status: 201 }),
  get: endpoint({ method: 'GET', path: '/casos/:id', auth: 'user', response: casoReply }),
  counts: endpoint({ method: 'GET', path: '/casos/:id/counts', auth: 'user', response: z.strictObject({ counts: caseContentCountsSchema }) }),
  /** 'Historial' of a case: its changes and its records', newest first (the audit trail). */
  history: endpoint({ method: 'GET', path: '/casos/:id/historial', auth: 'user', query: historialQuerySchema, response: historialPageSchema }),
  update: endpoint({ method: 'PATCH', path: '/casos/:id', auth: 'user', body: casoUpdateSchema, response: casoReply }),
  remove: endpoint({ method: 'DELETE', path: '/casos/:id', auth: 'user', response: okSchema }),
};

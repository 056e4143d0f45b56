import { endpoint } from '../endpoint';
import { filterId } from '../fields';
import { itemsOf } from '../common';
import { recordatorioCreateSchema, recordatorioSchema, withMessage } from '../recordatorios';
import { z } from '../zod';

/** The recordatorios endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const recordatoriosApi = {
  /** The user's emails to clients, newest first, optionally for one client. */
  list: endpoint({ method: 'GET', path: '/recordatorios', auth: 'user', query: z.object({ cliente_id: filterId }), response: itemsOf(recordatorioSchema) }),
  send: endpoint({ method: 'POST', path: '/recordatorios', auth: 'user', body: recordatorioCreateSchema, response: withMessage }),
  cancel: endpoint({ method: 'POST', path: '/recordatorios/:id/cancel', auth: 'user', response: withMessage }),
};

import { itemsOf, okSchema } from '../common';
import { endpoint } from '../endpoint';
import { conflictoQuerySchema, conflictoSchema, parteInputSchema, parteReplySchema, parteSchema } from '../partes';

/** A case's parties, and the conflict-of-interest check on a name (issue 35). */
export const partesApi = {
  list: endpoint({ method: 'GET', path: '/casos/:id/partes', auth: 'user', response: itemsOf(parteSchema) }),
  /** Adds a party; the reply names the clients and other cases' parties with the same name. */
  create: endpoint({ method: 'POST', path: '/casos/:id/partes', auth: 'user', body: parteInputSchema, response: parteReplySchema, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/partes/:id', auth: 'user', body: parteInputSchema, response: parteReplySchema }),
  remove: endpoint({ method: 'DELETE', path: '/partes/:id', auth: 'user', response: okSchema }),
  /** Whom a name matches among this lawyer's clients and parties (accents, capitals and word order ignored). */
  conflictos: endpoint({ method: 'GET', path: '/conflictos', auth: 'user', query: conflictoQuerySchema, response: itemsOf(conflictoSchema) }),
};

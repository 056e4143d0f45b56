import { itemsOf, okSchema } from '../common';
import { endpoint } from '../endpoint';
import { conflictoDeCasoSchema, conflictoQuerySchema, conflictoSchema, conflictosRevisadosSchema, parteInputSchema, parteReplySchema, parteSchema } from '../partes';

/** A case's parties, and the conflict-of-interest check on a name (issue 35). */
export const partesApi = {
  list: endpoint({ method: 'GET', path: '/casos/:id/partes', auth: 'user', response: itemsOf(parteSchema) }),
  /** Adds a party; the reply names the clients and other cases' parties with the same name. */
  create: endpoint({ method: 'POST', path: '/casos/:id/partes', auth: 'user', body: parteInputSchema, response: parteReplySchema, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/partes/:id', auth: 'user', body: parteInputSchema, response: parteReplySchema }),
  remove: endpoint({ method: 'DELETE', path: '/partes/:id', auth: 'user', response: okSchema }),
  /** Whom a name matches among this lawyer's clients and parties (accents, capitals and word order ignored). */
  conflictos: endpoint({ method: 'GET', path: '/conflictos', auth: 'user', query: conflictoQuerySchema, response: itemsOf(conflictoSchema) }),
  /** A case's possible conflicts of interest (its client's name and its parties'), each marked reviewed or not. */
  conflictosDeCaso: endpoint({ method: 'GET', path: '/casos/:id/conflictos', auth: 'user', response: itemsOf(conflictoDeCasoSchema) }),
  /** Notes some of them as reviewed by the lawyer (in the case's history): the case's mark goes once none is left. */
  revisarConflictos: endpoint({ method: 'POST', path: '/casos/:id/conflictos/review', auth: 'user', body: conflictosRevisadosSchema, response: itemsOf(conflictoDeCasoSchema) }),
};

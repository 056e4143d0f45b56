import { busquedaQuerySchema, grupoSchema } from '../search';
import { endpoint } from '../endpoint';
import { z } from '../zod';

/** The search endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const searchApi = {
  /**
   * One search over every kind (5 of each, ranked), or one kind paged
   * (`tipo`, `pagina`, 20 a page) for /buscar. One round trip to the database.
   */
  search: endpoint({ method: 'GET', path: '/search', auth: 'user', query: busquedaQuerySchema, response: z.strictObject({ grupos: z.array(grupoSchema) }) }),
};

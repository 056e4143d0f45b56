import { type Area, type BusquedaTipo, MSG, permisoDe, searchApi } from '@bufete/shared';
import { authorize } from '../../http/areas';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { SearchService } from './service';

/** The area of the despacho each kind of result belongs to: a member finds only what their role may open (issue 46). */
const AREA_DE_TIPO: Record<BusquedaTipo, Area> = {
  casos: 'casos',
  clientes: 'clientes',
  documentos: 'documentos',
  notas: 'notas',
  actuaciones: 'boletin',
  tareas: 'tareas',
  citas: 'calendario',
  facturas: 'facturacion',
};

export function searchRoutes({ on }: Router, deps: { search: SearchService; limiter: RateLimiter }) {
  on(
    searchApi.search,
    async ({ user, query }) => {
      if (query.tipo) authorize(user, AREA_DE_TIPO[query.tipo]);
      const found = await deps.search.search(user.id, query);
      return { grupos: found.grupos.filter(({ tipo }) => user.rol === 'titular' || permisoDe(user, AREA_DE_TIPO[tipo]) === 'total') };
    },
    {
      // Results as you type: a few a second is a person; hundreds a minute is not.
      before: async (_c, user) => deps.limiter.hit(`buscar:${user!.personId}`, MSG.search.demasiadas),
    },
  );
}

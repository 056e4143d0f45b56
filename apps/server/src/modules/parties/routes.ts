import { partesApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { PartyService } from './service';

export function partyRoutes({ on }: Router, { parties }: { parties: PartyService }) {
  on(partesApi.list, async ({ user, params }) => ({ items: await parties.list(user.id, params.id) }));
  on(partesApi.create, async ({ user, params, body }) => parties.create(user.id, params.id, body));
  on(partesApi.update, async ({ user, params, body }) => parties.update(user.id, params.id, body));
  on(partesApi.remove, async ({ user, params }) => {
    await parties.remove(user.id, params.id);
    return { ok: true as const };
  });
  on(partesApi.conflictosDeCaso, async ({ user, params }) => ({ items: await parties.conflictosDeCaso(user.id, params.id) }));
  on(partesApi.revisarConflictos, async ({ user, params, body }) => ({ items: await parties.revisarConflictos(user.id, params.id, body.claves) }));
  on(partesApi.conflictos, async ({ user, query }) => ({ items: await parties.conflictos(user.id, query.nombre, { casoId: query.caso_id, clienteId: query.cliente_id }) }));
}

import { clientesApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { ClientService } from './service';

export function clientRoutes({ on }: Router, { clients }: { clients: ClientService }) {
  on(clientesApi.list, async ({ user, query }) => clients.list(user.id, query));
  on(clientesApi.options, async ({ user }) => ({ items: await clients.options(user.id) }));
  on(clientesApi.create, async ({ user, body }) => ({ cliente: await clients.create(user.id, body) }));
  on(clientesApi.get, async ({ user, params }) => ({ cliente: await clients.get(user.id, params.id) }));
  on(clientesApi.update, async ({ user, params, body }) => ({ cliente: await clients.update(user.id, params.id, body) }));
  on(clientesApi.remove, async ({ user, params }) => {
    await clients.remove(user.id, params.id);
    return { ok: true as const };
  });
}

import { actuacionesApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { ProceedingService } from './service';

export function proceedingRoutes({ on }: Router, { proceedings }: { proceedings: ProceedingService }) {
  on(actuacionesApi.list, async ({ user, query }) => ({ items: query.caso_id ? await proceedings.list(user.id, query.caso_id) : await proceedings.registeredToday(user.id) }));
  on(actuacionesApi.create, async ({ user, body }) => ({ actuacion: await proceedings.create(user.id, body) }));
  on(actuacionesApi.update, async ({ user, params, body }) => ({ actuacion: await proceedings.update(user.id, params.id, body) }));
  on(actuacionesApi.setVisible, async ({ user, params, body }) => ({ actuacion: await proceedings.setVisible(user.id, params.id, body.visible) }));
  on(actuacionesApi.remove, async ({ user, params }) => {
    await proceedings.remove(user.id, params.id);
    return { ok: true as const };
  });
}

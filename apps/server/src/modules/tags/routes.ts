import { etiquetasApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { TagService } from './service';

export function tagRoutes({ on }: Router, { tags }: { tags: TagService }) {
  on(etiquetasApi.list, async ({ user }) => ({ items: await tags.list(user.id) }));
  on(etiquetasApi.create, async ({ user, body }) => ({ etiqueta: await tags.create(user.id, body) }));
  on(etiquetasApi.remove, async ({ user, params }) => {
    await tags.remove(user.id, params.id);
    return { ok: true as const };
  });
}

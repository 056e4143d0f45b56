import { tiempoApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { TimeService } from './service';

export function timeRoutes({ on }: Router, { time }: { time: TimeService }) {
  on(tiempoApi.list, async ({ user, query }) => ({ items: await time.list(user.id, query) }));
  on(tiempoApi.create, async ({ user, body }) => ({ entrada: await time.create(user.id, body) }));
  // Before '/tiempo/:id': '/tiempo/temporizador' is not an entry's id.
  on(tiempoApi.discardTimer, async ({ user }) => {
    await time.discardTimer(user.id);
    return { ok: true as const };
  });
  on(tiempoApi.setRate, async ({ user, body }) => ({ items: await time.setMissingRate(user.id, body) }));
  on(tiempoApi.update, async ({ user, params, body }) => ({ entrada: await time.update(user.id, params.id, body) }));
  on(tiempoApi.remove, async ({ user, params }) => {
    await time.remove(user.id, params.id);
    return { ok: true as const };
  });
  on(tiempoApi.timer, async ({ user }) => ({ temporizador: await time.timer(user.id) }));
  on(tiempoApi.startTimer, async ({ user, body }) => ({ temporizador: await time.startTimer(user.id, body) }));
  on(tiempoApi.stopTimer, async ({ user, body }) => ({ entrada: await time.stopTimer(user.id, body) }));
}

import { casosApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { CaseService } from './service';

export function caseRoutes({ on }: Router, { cases }: { cases: CaseService }) {
  on(casosApi.list, async ({ user, query }) => cases.list(user.id, query, user.personId));
  on(casosApi.options, async ({ user }) => ({ items: await cases.options(user.id) }));
  on(casosApi.create, async ({ user, body }) => ({ caso: await cases.create(user.id, body) }));
  on(casosApi.get, async ({ user, params }) => ({ caso: await cases.get(user.id, params.id) }));
  on(casosApi.counts, async ({ user, params }) => ({ counts: await cases.counts(user.id, params.id) }));
  on(casosApi.history, async ({ user, params, query }) => cases.history(user.id, params.id, query));
  on(casosApi.update, async ({ user, params, body }) => ({ caso: await cases.update(user.id, params.id, body) }));
  on(casosApi.remove, async ({ user, params }) => {
    await cases.remove(user.id, params.id);
    return { ok: true as const };
  });
}

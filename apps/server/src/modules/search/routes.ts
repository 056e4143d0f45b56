import { searchApi, MSG } from '@bufete/shared';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { SearchService } from './service';

export function searchRoutes({ on }: Router, deps: { search: SearchService; limiter: RateLimiter }) {
  on(searchApi.search, async ({ user, query }) => deps.search.search(user.id, query), {
    // Results as you type: a few a second is a person; hundreds a minute is not.
    before: async (_c, user) => deps.limiter.hit(`buscar:${user!.id}`, MSG.search.demasiadas),
  });
}

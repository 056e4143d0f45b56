import { MSG, profileUpdateSchema } from '@bufete/shared';
import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import { parseJson } from '../../http/validate';
import type { ProfileService } from './service';

export function profileRoutes(deps: { auth: Auth; profiles: ProfileService }) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.auth, MSG.profile.noUser))
    .get('/', async (c) => c.json({ profile: await deps.profiles.getOrCreate(c.get('user')) }))
    .patch('/', async (c) => {
      const patch = await parseJson(c, profileUpdateSchema);
      return c.json({ profile: await deps.profiles.update(c.get('user'), patch) });
    });
}

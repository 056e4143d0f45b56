import { tagCreateSchema } from '@bufete/shared';
import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import { parseId, parseJson } from '../../http/validate';
import type { TagService } from './service';

export function tagRoutes(deps: { auth: Auth; tags: TagService }) {
  const { tags } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json({ items: await tags.list(c.get('user').id) }))
    .post('/', async (c) => c.json({ tag: await tags.create(c.get('user').id, await parseJson(c, tagCreateSchema)) }, 201))
    .delete('/:id', async (c) => {
      await tags.remove(c.get('user').id, parseId(c));
      return c.json({ ok: true });
    });
}

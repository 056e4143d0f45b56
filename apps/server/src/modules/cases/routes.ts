import { casoCreateSchema, casoListQuerySchema, casoUpdateSchema } from '@bufete/shared';
import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import { parseId, parseJson, parseQuery } from '../../http/validate';
import type { CaseService } from './service';

export function caseRoutes(deps: { auth: Auth; cases: CaseService }) {
  const { cases } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json(await cases.list(c.get('user').id, parseQuery(c, casoListQuerySchema))))
    .get('/options', async (c) => c.json({ items: await cases.options(c.get('user').id) }))
    .post('/', async (c) => c.json({ caso: await cases.create(c.get('user').id, await parseJson(c, casoCreateSchema)) }, 201))
    .get('/:id', async (c) => c.json({ caso: await cases.get(c.get('user').id, parseId(c)) }))
    .get('/:id/contenido', async (c) => c.json({ counts: await cases.counts(c.get('user').id, parseId(c)) }))
    .patch('/:id', async (c) => c.json({ caso: await cases.update(c.get('user').id, parseId(c), await parseJson(c, casoUpdateSchema)) }))
    .delete('/:id', async (c) => {
      await cases.remove(c.get('user').id, parseId(c));
      return c.json({ ok: true });
    });
}

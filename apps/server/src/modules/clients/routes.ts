import { clienteListQuerySchema, clienteSchema } from '@bufete/shared';
import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import { parseId, parseJson, parseQuery } from '../../http/validate';
import type { ClientService } from './service';

export function clientRoutes(deps: { auth: Auth; clients: ClientService }) {
  const { clients } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json(await clients.list(c.get('user').id, parseQuery(c, clienteListQuerySchema))))
    .get('/options', async (c) => c.json({ items: await clients.options(c.get('user').id) }))
    .post('/', async (c) => c.json({ cliente: await clients.create(c.get('user').id, await parseJson(c, clienteSchema)) }, 201))
    .get('/:id', async (c) => c.json({ cliente: await clients.get(c.get('user').id, parseId(c)) }))
    .put('/:id', async (c) => c.json({ cliente: await clients.update(c.get('user').id, parseId(c), await parseJson(c, clienteSchema)) }))
    .delete('/:id', async (c) => {
      await clients.remove(c.get('user').id, parseId(c));
      return c.json({ ok: true });
    });
}

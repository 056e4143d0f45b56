import { emailReminderSchema, MSG } from '@bufete/shared';
import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import { notFound } from '../../http/errors';
import { parseId, parseJson } from '../../http/validate';
import type { ReminderService } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function reminderRoutes(deps: { auth: Auth; reminders: ReminderService }) {
  const { reminders } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.auth, MSG.http.unauthenticated))
    .get('/', async (c) => {
      const clienteId = c.req.query('clienteId');
      if (clienteId !== undefined && !UUID.test(clienteId)) throw notFound();
      return c.json({ items: await reminders.list(c.get('user').id, clienteId) });
    })
    .post('/', async (c) => c.json(await reminders.send(c.get('user').id, await parseJson(c, emailReminderSchema))))
    .post('/:id/cancel', async (c) => c.json({ reminder: await reminders.cancel(c.get('user').id, parseId(c)), message: MSG.reminders.cancelado }));
}

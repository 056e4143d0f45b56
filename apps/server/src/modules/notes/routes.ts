import { MSG, noteCreateSchema, noteUpdateSchema } from '@bufete/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import { parseId, parseJson, parseQuery } from '../../http/validate';
import type { NoteService } from './service';

const optionalId = z
  .string()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.uuid({ error: MSG.http.notFound }).optional());

const listQuery = z.object({
  q: z.string().trim().max(200).optional().transform((value) => value || undefined),
  casoId: optionalId,
  tagId: optionalId,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export function noteRoutes(deps: { auth: Auth; notes: NoteService }) {
  const { notes } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json(await notes.list(c.get('user').id, parseQuery(c, listQuery))))
    .get('/casos', async (c) => c.json({ items: await notes.casesWithNotes(c.get('user').id) }))
    .post('/', async (c) => c.json({ nota: await notes.create(c.get('user').id, await parseJson(c, noteCreateSchema)) }, 201))
    .get('/:id', async (c) => c.json({ nota: await notes.get(c.get('user').id, parseId(c)) }))
    .patch('/:id', async (c) => c.json({ nota: await notes.update(c.get('user').id, parseId(c), await parseJson(c, noteUpdateSchema)) }))
    .delete('/:id', async (c) => {
      await notes.remove(c.get('user').id, parseId(c));
      return c.json({ ok: true });
    });
}

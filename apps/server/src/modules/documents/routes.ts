import { LIMITS, MSG } from '@bufete/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import { notFound } from '../../http/errors';
import { type FileSigner, sendStoredFile } from '../../http/file-response';
import { receiveUpload } from '../../http/upload';
import { parseId, parseQuery } from '../../http/validate';
import type { Storage } from '../../storage';
import type { DocumentService } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const optionalId = z
  .string()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || UUID.test(value), { message: MSG.http.notFound });

const listQuery = z.object({
  q: z.string().trim().max(200).optional().transform((value) => value || undefined),
  casoId: optionalId,
  clienteId: optionalId,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** A form field naming one of our records, or nothing. A malformed id cannot exist: 404. */
function linkField(value: string | undefined): string | null {
  if (!value) return null;
  if (!UUID.test(value)) throw notFound();
  return value.toLowerCase();
}

export function documentRoutes(deps: { auth: Auth; documents: DocumentService; storage: Storage; signer: FileSigner; tmpDir: string }) {
  const { documents } = deps;
  const upload = (c: Parameters<typeof receiveUpload>[0]) =>
    receiveUpload(c, { maxBytes: LIMITS.documentMaxBytes, tooLargeMessage: MSG.documents.archivoGrande, tmpDir: deps.tmpDir, missingFileMessage: MSG.documents.sinArchivo });

  return new Hono<AppEnv>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json(await documents.list(c.get('user').id, parseQuery(c, listQuery))))
    .post('/', async (c) => {
      const { file, fields } = await upload(c);
      let links: { casoId: string | null; clienteId: string | null };
      try {
        links = { casoId: linkField(fields.caso_id), clienteId: linkField(fields.cliente_id) };
      } catch (error) {
        await file.discard();
        throw error;
      }
      return c.json({ documento: await documents.upload(c.get('user').id, file, links) }, 201);
    })
    .post('/extraccion', async (c) => {
      const { file } = await upload(c);
      return c.json(await documents.extractionTest(file));
    })
    .get('/:id', async (c) => c.json({ documento: await documents.get(c.get('user').id, parseId(c)) }))
    .get('/:id/archivo', async (c) => sendStoredFile(c, deps.storage, await documents.file(c.get('user').id, parseId(c), c.req.query('descargar') === '1')))
    .post('/:id/enlace', async (c) => {
      const file = await documents.file(c.get('user').id, parseId(c), c.req.query('descargar') === '1');
      const { token, expiresAt } = deps.signer.sign(file, LIMITS.signedUrlSeconds);
      return c.json({ url: `/api/archivos/${token}`, expiresAt: expiresAt.toISOString() });
    })
    .delete('/:id', async (c) => {
      await documents.remove(c.get('user').id, parseId(c));
      return c.json({ ok: true });
    });
}

/** Signed links: no session needed, valid until they expire. */
export function signedFileRoutes(deps: { storage: Storage; signer: FileSigner }) {
  return new Hono().get('/:token', async (c) => sendStoredFile(c, deps.storage, deps.signer.verify(c.req.param('token'))));
}

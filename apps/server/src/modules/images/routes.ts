import { LIMITS, MSG } from '@bufete/shared';
import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import { notFound } from '../../http/errors';
import { type FileSigner, sendStoredFile } from '../../http/file-response';
import { receiveUpload } from '../../http/upload';
import { parseId } from '../../http/validate';
import type { Storage } from '../../storage';
import type { ImageOwner, ImageService } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Exactly one of caso_id / nota_id, as an id of ours. */
function ownerOf(values: Record<string, string | undefined>): ImageOwner {
  const casoId = values.caso_id || values.casoId || null;
  const notaId = values.nota_id || values.notaId || null;
  if ((casoId ? 1 : 0) + (notaId ? 1 : 0) !== 1) throw notFound();
  for (const id of [casoId, notaId]) if (id && !UUID.test(id)) throw notFound();
  return { casoId: casoId?.toLowerCase() ?? null, notaId: notaId?.toLowerCase() ?? null };
}

export function imageRoutes(deps: { auth: Auth; images: ImageService; storage: Storage; signer: FileSigner; tmpDir: string }) {
  const { images } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json({ items: await images.list(c.get('user').id, ownerOf(c.req.query())) }))
    .post('/', async (c) => {
      const { file, fields } = await receiveUpload(c, {
        maxBytes: LIMITS.imageMaxBytes,
        tooLargeMessage: MSG.documents.imagenGrande,
        tmpDir: deps.tmpDir,
        missingFileMessage: MSG.documents.sinArchivo,
      });
      let owner: ImageOwner;
      try {
        owner = ownerOf(fields);
      } catch (error) {
        await file.discard();
        throw error;
      }
      return c.json({ imagen: await images.upload(c.get('user').id, file, owner) }, 201);
    })
    .get('/:id/archivo', async (c) => sendStoredFile(c, deps.storage, await images.file(c.get('user').id, parseId(c), c.req.query('descargar') === '1')))
    .post('/:id/enlace', async (c) => {
      const { token, expiresAt } = deps.signer.sign(await images.file(c.get('user').id, parseId(c), false), LIMITS.signedUrlSeconds);
      return c.json({ url: `/api/archivos/${token}`, expiresAt: expiresAt.toISOString() });
    })
    .delete('/:id', async (c) => {
      await images.remove(c.get('user').id, parseId(c));
      return c.json({ ok: true });
    });
}

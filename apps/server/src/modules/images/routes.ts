import { imagenesApi, LIMITS, MSG } from '@bufete/shared';
import { notFound } from '../../http/errors';
import { type FileSigner, sendStoredFile } from '../../http/file-response';
import type { Router } from '../../http/route';
import type { Storage } from '../../storage';
import type { ImageOwner, ImageService } from './service';

/** Exactly one of caso_id / nota_id. */
function ownerOf(values: { caso_id?: string | null; nota_id?: string | null }): ImageOwner {
  const casoId = values.caso_id ?? null;
  const notaId = values.nota_id ?? null;
  if ((casoId ? 1 : 0) + (notaId ? 1 : 0) !== 1) throw notFound();
  return { casoId, notaId };
}

export function imageRoutes({ on }: Router, deps: { images: ImageService; storage: Storage; signer: FileSigner }) {
  const { images, storage, signer } = deps;
  on(imagenesApi.list, async ({ user, query }) => ({ items: await images.list(user.id, ownerOf(query)) }));
  on(
    imagenesApi.upload,
    async ({ user, upload }) => {
      let owner: ImageOwner;
      try {
        owner = ownerOf(upload.fields);
      } catch (error) {
        await upload.file.discard();
        throw error;
      }
      return { imagen: await images.upload(user.id, upload.file, owner) };
    },
    { tooLargeMessage: MSG.documents.imagenGrande },
  );
  on(imagenesApi.file, async ({ c, user, params, query }) => sendStoredFile(c, storage, await images.file(user.id, params.id, query.download === '1')));
  on(imagenesApi.link, async ({ user, params }) => {
    const { token, expiresAt } = signer.sign(await images.file(user.id, params.id, false), LIMITS.signedUrlSeconds);
    return { url: `/api/files/${token}`, expires_at: expiresAt.toISOString() };
  });
  on(imagenesApi.remove, async ({ user, params }) => {
    await images.remove(user.id, params.id);
    return { ok: true as const };
  });
}

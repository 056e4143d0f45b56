import { documentosApi, filesApi, LIMITS, MSG } from '@bufete/shared';
import { type FileSigner, sendStoredFile } from '../../http/file-response';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { Storage } from '../../storage';
import type { DocumentService } from './service';

export function documentRoutes({ on }: Router, deps: { documents: DocumentService; storage: Storage; signer: FileSigner; extractionTestLimiter: RateLimiter }) {
  const { documents, storage, signer } = deps;
  on(documentosApi.list, async ({ user, query }) =>
    documents.list(user.id, { q: query.q, casoId: query.caso_id, clienteId: query.cliente_id, recibidos: query.recibidos === '1', cursor: query.cursor, limit: query.limit }),
  );
  on(documentosApi.upload, async ({ user, upload }) => ({
    documento: await documents.upload(user.id, upload.file, { casoId: upload.fields.caso_id, clienteId: upload.fields.cliente_id }),
  }));
  on(documentosApi.extractionTest, async ({ upload }) => documents.extractionTest(upload.file), {
    // Counted before the file is received: a limited user's upload is never read.
    before: async (_c, user) => deps.extractionTestLimiter.hit(`extraction-test:${user!.id}`, MSG.documents.demasiadasPruebas),
  });
  on(documentosApi.get, async ({ user, params }) => ({ documento: await documents.get(user.id, params.id) }));
  on(documentosApi.setReviewed, async ({ user, params, body }) => ({ documento: await documents.setReviewed(user.id, params.id, body.revisado) }));
  on(documentosApi.setVisible, async ({ user, params, body }) => ({ documento: await documents.setVisible(user.id, params.id, body.visible) }));
  on(documentosApi.file, async ({ c, user, params, query }) => sendStoredFile(c, storage, await documents.file(user.id, params.id, query.download === '1')));
  on(documentosApi.link, async ({ user, params, query }) => {
    const { token, expiresAt } = signer.sign(await documents.file(user.id, params.id, query.download === '1'), LIMITS.signedUrlSeconds);
    return { url: `/api/files/${token}`, expires_at: expiresAt.toISOString() };
  });
  on(documentosApi.remove, async ({ user, params }) => {
    await documents.remove(user.id, params.id);
    return { ok: true as const };
  });
}

/** Signed links: no session needed, valid until they expire. */
export function signedFileRoutes({ on }: Router, deps: { storage: Storage; signer: FileSigner }) {
  on(filesApi.signed, async ({ c, params }) => sendStoredFile(c, deps.storage, deps.signer.verify(params.token)));
}

import { Readable } from 'node:stream';
import { clientesApi, MSG } from '@bufete/shared';
import { generatedFile } from '../../http/file-response';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { ClientErasure } from './client-erasure';
import type { ClientExport } from './client-export';

/** A client's own data (issue 28): their export (an access request) and their erasure (a cancellation request). */
export function privacyRoutes({ on }: Router, deps: { clientExport: ClientExport; clientErasure: ClientErasure; limiter: RateLimiter }) {
  on(
    clientesApi.exportData,
    async ({ user, params, query }) => {
      const { name, stream } = await deps.clientExport.zip(user.id, params.id, query);
      return generatedFile(Readable.toWeb(stream) as ReadableStream, { type: 'application/zip', name });
    },
    // Each export reads every file of the client: a few per lawyer every ten minutes.
    { before: async (_c, user) => deps.limiter.hit(`exportar-cliente:${user!.id}`, MSG.privacidad.demasiadas) },
  );
  on(clientesApi.erasurePreview, async ({ user, params }) => deps.clientErasure.preview(user.id, params.id));
  on(clientesApi.erase, async ({ user, params }) => deps.clientErasure.erase(user.id, params.id));
}

import { MSG, portabilidadApi } from '@bufete/shared';
import { sendStoredFile } from '../../http/file-response';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { Storage } from '../../storage';
import type { PortabilityService } from './service';

/** Configuración → Tus datos: the account's export and its import into a fresh account (issue 28). */
export function portabilityRoutes({ on }: Router, deps: { portability: PortabilityService; storage: Storage; limiter: RateLimiter }) {
  const { portability } = deps;
  // Each export reads every record and file of the account: a few a day per lawyer.
  on(portabilidadApi.startExport, async ({ user }) => ({ trabajo: await portability.startExport(user.id) }), {
    before: async (_c, user) => deps.limiter.hit(`exportar-cuenta:${user!.id}`, MSG.portabilidad.demasiadas),
  });
  on(portabilidadApi.latestExport, async ({ user }) => ({ trabajo: await portability.latestExport(user.id) }));
  on(portabilidadApi.downloadExport, async ({ c, user, params }) => {
    const { key, name } = await portability.download(user.id, params.id);
    return sendStoredFile(c, deps.storage, { bucket: 'exportaciones', key, name, type: 'application/zip', download: true });
  });
  on(portabilidadApi.startImport, async ({ user, upload }) => ({ trabajo: await portability.startImport(user.id, upload.file) }), {
    before: async (_c, user) => deps.limiter.hit(`importar-cuenta:${user!.id}`, MSG.portabilidad.demasiadas),
    tooLargeMessage: MSG.portabilidad.archivoGrande(8),
    missingFileMessage: MSG.portabilidad.sinArchivo,
  });
  on(portabilidadApi.latestImport, async ({ user }) => ({ trabajo: await portability.latestImport(user.id) }));
  on(portabilidadApi.confirmImport, async ({ user, params }) => ({ trabajo: await portability.confirmImport(user.id, params.id) }));
  on(portabilidadApi.discardImport, async ({ user, params }) => {
    await portability.discardImport(user.id, params.id);
    return { ok: true as const };
  });
}

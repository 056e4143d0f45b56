import { escritosApi, MSG } from '@bufete/shared';
import { sendBytes, sendStoredFile } from '../../http/file-response';
import type { RateLimiter } from '../../http/rate-limit';
import type { RouteOptions, Router } from '../../http/route';
import type { Storage } from '../../storage';
import type { EscritoService } from './service';

/** Escrito templates and the escritos generated from a case. */
export function escritoRoutes({ on }: Router, deps: { escritos: EscritoService; storage: Storage; limiter: RateLimiter }) {
  const { escritos, storage, limiter } = deps;
  on(escritosApi.plantillas, async ({ user }) => ({ items: await escritos.plantillas(user.id) }));
  // Reading and filling a Word file costs CPU: a lawyer's busy afternoon fits, a script does not (counted before the file is received).
  const limited: RouteOptions = { before: async (_c, user) => limiter.hit(`escritos:${user!.id}`, MSG.escritos.demasiadosIntentos) };
  on(escritosApi.subir, async ({ user, upload }) => ({ plantilla: await escritos.subir(user.id, upload.file, upload.fields) }), {
    ...limited,
    tooLargeMessage: MSG.escritos.archivoGrande,
    missingFileMessage: MSG.escritos.sinArchivo,
  });
  on(escritosApi.eliminar, async ({ user, params }) => {
    await escritos.eliminar(user.id, params.id);
    return { ok: true as const };
  });
  on(escritosApi.archivo, async ({ c, user, query }) => {
    const file = await escritos.archivo(user.id, query.plantilla);
    return 'stored' in file ? sendStoredFile(c, storage, file.stored) : sendBytes(file.bytes, file.name, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });
  on(escritosApi.campos, async ({ user, params, query }) => escritos.campos(user.id, params.id, query.plantilla));
  on(escritosApi.generar, async ({ user, params, body }) => ({ documento: await escritos.generar(user.id, params.id, body) }), limited);
}

import { cfdiApi, MSG } from '@bufete/shared';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { CfdiService } from './service';

export function cfdiRoutes({ on }: Router, { cfdi, limiter }: { cfdi: CfdiService; limiter: RateLimiter }) {
  on(cfdiApi.csd, async ({ user }) => ({ csd: await cfdi.csd(user.id) }));
  // Opening a CSD decrypts its key (a password's key derivation) and checks it: the same budget as the rest of the CFDI work.
  on(cfdiApi.saveCsd, async ({ user, body }) => ({ csd: await cfdi.saveCsd(user.id, body) }), { before: async (_c, user) => limiter.hit(`cfdi:${user!.id}`, MSG.cfdi.demasiadas) });
  on(cfdiApi.deleteCsd, async ({ user }) => {
    await cfdi.deleteCsd(user.id);
    return { ok: true as const };
  });
  on(cfdiApi.pac, async ({ user }) => cfdi.pacStatus(user.id));
  on(cfdiApi.savePac, async ({ user, body }) => cfdi.savePac(user.id, body), { before: async (_c, user) => limiter.hit(`cfdi:${user!.id}`, MSG.cfdi.demasiadas) });
  on(cfdiApi.deletePac, async ({ user }) => cfdi.deletePac(user.id));
  // Each test calls the PAC: the same budget as stamping.
  on(cfdiApi.testPac, async ({ user }) => cfdi.testPac(user.id), { before: async (_c, user) => limiter.hit(`cfdi:${user!.id}`, MSG.cfdi.demasiadas) });
}

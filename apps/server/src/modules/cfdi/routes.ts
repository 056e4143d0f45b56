import { cfdiApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { CfdiService } from './service';

export function cfdiRoutes({ on }: Router, { cfdi }: { cfdi: CfdiService }) {
  on(cfdiApi.csd, async ({ user }) => ({ csd: await cfdi.csd(user.id) }));
  on(cfdiApi.saveCsd, async ({ user, body }) => ({ csd: await cfdi.saveCsd(user.id, body) }));
  on(cfdiApi.deleteCsd, async ({ user }) => {
    await cfdi.deleteCsd(user.id);
    return { ok: true as const };
  });
}

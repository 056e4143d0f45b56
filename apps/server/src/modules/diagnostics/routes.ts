import { diagnosticsApi } from '@bufete/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../auth/session';
import { appError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { DiagnosticsService } from './service';

/**
 * /test-auth and /test-email (open pages). They send mail to any address
 * typed in, so they are off unless the operator sets DIAGNOSTICS_ENABLED=true
 * (`npm run dev` does); even then they are rate-limited per address.
 */
export function diagnosticsRoutes({ on }: Router, deps: { enabled: boolean; diagnostics: DiagnosticsService; limiter: RateLimiter }) {
  // Off: 404 before anything sent is read.
  const gate = {
    before: () => {
      if (!deps.enabled) throw appError('DIAGNOSTICS_DISABLED');
    },
  };
  // The limit counts runs that send mail, so a mistyped address is not one of them.
  const run = (c: Context<AppEnv>) => deps.limiter.hit(`diagnostics:${c.get('clientNet')}`);
  on(diagnosticsApi.status, () => ({ enabled: deps.enabled }));
  on(
    diagnosticsApi.auth,
    async ({ c, body }) => {
      await run(c);
      return { checks: await deps.diagnostics.authChecks(body.email) };
    },
    gate,
  );
  on(
    diagnosticsApi.email,
    async ({ c, body }) => {
      await run(c);
      return { checks: await deps.diagnostics.emailChecks(body.email) };
    },
    gate,
  );
}

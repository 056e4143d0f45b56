import { emailSchema, ERROR_CODES, MSG } from '@bufete/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { clientIp } from '../../http/client-ip';
import { AppError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { parseJson } from '../../http/validate';
import type { DiagnosticsService } from './service';

/**
 * /test-auth and /test-email (open pages). Off in production unless
 * DIAGNOSTICS_ENABLED=true; the checks that send mail are rate-limited per
 * address so the pages cannot be used to mail strangers.
 */
export function diagnosticsRoutes(deps: { enabled: boolean; diagnostics: DiagnosticsService; limiter: RateLimiter }) {
  const guard = () => {
    if (!deps.enabled) throw new AppError(404, ERROR_CODES.notFound, MSG.settings.diagnosticoDesactivado);
  };
  const body = z.object({ email: emailSchema });
  return new Hono()
    .get('/', (c) => c.json({ enabled: deps.enabled }))
    .post('/auth', async (c) => {
      guard();
      const { email } = await parseJson(c, body);
      await deps.limiter.hit(`diagnostics:${clientIp(c)}`);
      return c.json({ checks: await deps.diagnostics.authChecks(email) });
    })
    .post('/email', async (c) => {
      guard();
      const { email } = await parseJson(c, body);
      await deps.limiter.hit(`diagnostics:${clientIp(c)}`);
      return c.json({ checks: await deps.diagnostics.emailChecks(email) });
    });
}

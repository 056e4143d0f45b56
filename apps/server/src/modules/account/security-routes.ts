import { securityApi } from '@bufete/shared';
import type { Context } from 'hono';
import { type AppEnv, forwardCookies } from '../../auth/session';
import type { SessionCache } from '../../auth/session-cache';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { AccountClosing } from './closing';
import type { Devices } from './devices';
import type { SecurityService } from './security';

/**
 * Configuración → Seguridad and the second step of signing in. Codes are
 * limited per address here, and per challenge and per account by better-auth
 * (5 codes a sign-in, 10 wrong in a row lock the account for 15 minutes).
 */
export function securityRoutes({ on }: Router, deps: { security: SecurityService; sessions: SessionCache; limiter: RateLimiter; devices: Devices; closing: AccountClosing }) {
  const { security, sessions, limiter } = deps;
  const limited = (action: string) => ({ before: (c: Context<AppEnv>) => limiter.hit(`${action}:${c.get('clientNet')}`) });
  const ok = { ok: true as const };

  on(
    securityApi.verifyTwoFactor,
    async ({ c, body }) => {
      const { headers, userId } = await security.verifySignIn(body, c.req.raw.headers);
      forwardCookies(c, headers);
      const { restaurada } = await deps.devices.signedIn(c, userId, { how: /^\d{6}$/.test(body.codigo) ? 'con verificación en dos pasos' : 'con un código de recuperación' });
      return { ...ok, restaurada };
    },
    limited('two-factor'),
  );

  on(securityApi.twoFactor, async ({ user }) => security.status(user.personId));
  on(securityApi.enableTwoFactor, async ({ c, body }) => security.enable(body.password, c.req.raw.headers), limited('two-factor-setup'));
  on(
    securityApi.confirmTwoFactor,
    async ({ c, user, body }) => {
      forwardCookies(c, await security.confirm(user.personId, body.codigo, c.req.raw.headers));
      // better-auth replaced this session with a new one: the old cookie ends here at once.
      sessions.clear();
      return ok;
    },
    limited('two-factor-setup'),
  );
  on(
    securityApi.disableTwoFactor,
    async ({ c, user, body }) => {
      forwardCookies(c, await security.disable(user.personId, body, c.req.raw.headers));
      sessions.clear();
      return ok;
    },
    limited('two-factor-setup'),
  );
  on(
    securityApi.recoveryCodes,
    async ({ c, user, body }) => ({ codigos: await security.regenerateCodes(user.personId, body.password, c.req.raw.headers) }),
    limited('two-factor-setup'),
  );

  on(
    securityApi.closeAccount,
    async ({ c, user, body }) => {
      const { purgeAt, headers } = await deps.closing.close(user.id, body, c.req.raw.headers);
      sessions.clear();
      forwardCookies(c, headers);
      return { eliminar_el: purgeAt.toISOString() };
    },
    limited('close-account'),
  );
  on(securityApi.history, async ({ user, query }) => security.history(user.personId, query));
  on(securityApi.sessions, async ({ user }) => ({ items: await security.sessions(user) }));
  on(securityApi.endSession, async ({ user, params }) => {
    await security.endSession(user, params.id);
    sessions.clear();
    return ok;
  });
  on(securityApi.endOtherSessions, async ({ user }) => {
    const cerradas = await security.endOtherSessions(user);
    sessions.clear();
    return { cerradas };
  });
}

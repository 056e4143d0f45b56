import { accountApi, MSG } from '@bufete/shared';
import type { Context } from 'hono';
import type { Auth } from '../../auth/auth';
import type { TeamService } from '../team/service';
import { type AppEnv, type DespachoOfSession, forwardCookies, readSession } from '../../auth/session';
import type { SessionCache } from '../../auth/session-cache';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { ProfileService } from '../profile/service';
import type { Devices } from './devices';
import type { AccountService } from './service';

/**
 * Account flows of spec part 1 (sections 2.3-2.7). Sign-in, sign-up and the
 * emailed-link requests are rate-limited per client address.
 */
export function accountRoutes(
  { on }: Router,
  deps: {
    auth: Auth;
    sessions: SessionCache;
    despachoOf: DespachoOfSession;
    team: Pick<TeamService, 'resumen'>;
    accounts: AccountService;
    profiles: ProfileService;
    limiter: RateLimiter;
    devices: Devices;
  },
) {
  const { auth, sessions, despachoOf, team, accounts, profiles, limiter, devices } = deps;
  /** Counted before the body is read: a limited address gets its 429 whatever it sends. */
  const limited = (action: string) => ({ before: (c: Context<AppEnv>) => limiter.hit(`${action}:${c.get('clientNet')}`) });
  const ok = { ok: true as const };

  on(accountApi.session, async ({ c }) => {
    const user = await readSession(auth, sessions, c, despachoOf);
    if (!user) return { session: null };
    const own = user.id === user.personId;
    const [profile, despacho, person] = await Promise.all([
      profiles.getOrCreate(user),
      team.resumen(user),
      own ? null : profiles.getOrCreate({ id: user.personId, name: user.name, email: user.email }),
    ]);
    const { nombre, apellido } = person ?? profile;
    return { session: { user: { id: user.personId, email: user.email, email_verified: user.emailVerified }, profile, persona: { nombre, apellido }, despacho } };
  });

  on(accountApi.signUp, async ({ c, body }) => accounts.signUp(body, c.req.raw.headers), limited('sign-up'));

  on(
    accountApi.signIn,
    async ({ c, body }) => {
      const { headers, result } = await accounts.signIn(body, c.req.raw.headers);
      forwardCookies(c, headers);
      const { restaurada } = result.userId ? await devices.signedIn(c, result.userId) : { restaurada: false };
      return { ok: true as const, dos_factores: result.dosFactores, restaurada };
    },
    limited('sign-in'),
  );

  on(accountApi.signOut, async ({ c }) => {
    forwardCookies(c, await accounts.signOut(c.req.raw.headers));
    // This process forgets at once, as after a password change: the database's announcement
    // reaches it a moment later, and the old cookie, replayed here meanwhile, must not work.
    sessions.clear();
    return ok;
  });

  on(
    accountApi.forgotPassword,
    async ({ c, body }) => {
      await accounts.requestPasswordReset(body, c.req.raw.headers);
      return ok;
    },
    limited('forgot-password'),
  );

  on(accountApi.checkResetToken, async ({ body }) => ({ state: await accounts.resetTokenState(body.token) }), limited('reset-check'));

  on(
    accountApi.resetPassword,
    async ({ c, body }) => {
      const { headers, result } = await accounts.resetPassword(body, c.req.raw.headers);
      forwardCookies(c, headers);
      sessions.clear();
      const { restaurada } = result.userId ? await devices.signedIn(c, result.userId) : { restaurada: false };
      return { ok: true as const, dos_factores: result.dosFactores, restaurada };
    },
    limited('reset-password'),
  );

  on(
    accountApi.confirmEmail,
    async ({ c, body }) => {
      const { headers, result } = await accounts.confirmEmail(body.token, c.req.raw.headers);
      forwardCookies(c, headers);
      // The browser that confirmed the sign-up is the account's first device: no mail.
      if (result.userId) await devices.signedIn(c, result.userId, { silent: true });
      return { signed_in: result.signedIn };
    },
    limited('confirm-email'),
  );

  on(
    accountApi.changePassword,
    async ({ c, user, body }) => {
      forwardCookies(c, await accounts.changePassword(user.personId, body, c.req.raw.headers));
      sessions.clear();
      return { ok: true as const, message: MSG.settings.contrasenaActualizada };
    },
    { unauthenticatedMessage: MSG.http.unauthenticated, ...limited('change-password') },
  );

  on(
    accountApi.resendConfirmation,
    async ({ c, body }) => {
      await accounts.resendConfirmation(body.email, c.req.raw.headers);
      return ok;
    },
    limited('resend-confirmation'),
  );
}

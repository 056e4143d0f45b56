import {
  changePasswordSchema,
  confirmEmailSchema,
  emailTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
} from '@bufete/shared';
import { MSG } from '@bufete/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { type AppEnv, forwardCookies, readSession, requireUser } from '../../auth/session';
import type { RateLimiter } from '../../http/rate-limit';
import { parseJson } from '../../http/validate';
import { clientIp } from '../../http/client-ip';
import type { ProfileService } from '../profile/service';
import type { AccountService } from './service';

/**
 * Account flows of spec part 1 (sections 2.3-2.7). Sign-in, sign-up and the
 * emailed-link requests are rate-limited per client address.
 */
export function accountRoutes(deps: { auth: Auth; accounts: AccountService; profiles: ProfileService; limiter: RateLimiter }) {
  const { auth, accounts, profiles, limiter } = deps;
  const limit = (c: Parameters<typeof clientIp>[0], action: string) => limiter.hit(`${action}:${clientIp(c)}`);

  return new Hono<AppEnv>()
    .get('/session', async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = await readSession(auth, c);
      if (!user) return c.json({ session: null });
      const profile = await profiles.getOrCreate(user);
      return c.json({ session: { user: { id: user.id, email: user.email, emailVerified: user.emailVerified }, profile } });
    })
    .post('/sign-up', async (c) => {
      await limit(c, 'sign-up');
      const input = await parseJson(c, registerSchema);
      const result = await accounts.signUp(input, c.req.raw.headers);
      return c.json(result, 201);
    })
    .post('/sign-in', async (c) => {
      await limit(c, 'sign-in');
      const input = await parseJson(c, loginSchema);
      const { headers } = await accounts.signIn(input, c.req.raw.headers);
      forwardCookies(c, headers);
      return c.json({ ok: true });
    })
    .post('/sign-out', async (c) => {
      forwardCookies(c, await accounts.signOut(c.req.raw.headers));
      return c.json({ ok: true });
    })
    .post('/forgot-password', async (c) => {
      await limit(c, 'forgot-password');
      const input = await parseJson(c, forgotPasswordSchema);
      await accounts.requestPasswordReset(input, c.req.raw.headers);
      return c.json({ ok: true });
    })
    .post('/reset-password/check', async (c) => {
      await limit(c, 'reset-check');
      const { token } = await parseJson(c, z.object({ token: emailTokenSchema }));
      return c.json({ state: await accounts.resetTokenState(token) });
    })
    .post('/reset-password', async (c) => {
      await limit(c, 'reset-password');
      const input = await parseJson(c, resetPasswordSchema);
      const { headers } = await accounts.resetPassword(input, c.req.raw.headers);
      forwardCookies(c, headers);
      return c.json({ ok: true });
    })
    .post('/confirm-email', async (c) => {
      await limit(c, 'confirm-email');
      const { token } = await parseJson(c, confirmEmailSchema);
      const { headers, result } = await accounts.confirmEmail(token, c.req.raw.headers);
      forwardCookies(c, headers);
      return c.json(result);
    })
    .post('/change-password', requireUser(auth, MSG.http.unauthenticated), async (c) => {
      await limit(c, 'change-password');
      const input = await parseJson(c, changePasswordSchema);
      forwardCookies(c, await accounts.changePassword(input, c.req.raw.headers));
      return c.json({ ok: true, message: MSG.settings.contrasenaActualizada });
    })
    .post('/resend-confirmation', async (c) => {
      await limit(c, 'resend-confirmation');
      const { email } = await parseJson(c, resendConfirmationSchema);
      await accounts.resendConfirmation(email, c.req.raw.headers);
      return c.json({ ok: true });
    });
}

import { randomUUID } from 'node:crypto';
import { LIMITS } from '@bufete/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { authSchema } from '../db/schema';
import type { AccountMailer } from './account-mail';

export const SESSION_COOKIE_PREFIX = 'bufete';

/**
 * better-auth owns passwords (scrypt), sessions (httpOnly cookies stored in the
 * database) and the one-time tokens of emailed links. We call it through
 * `auth.api` from our own account routes, which validate with the shared
 * schemas, rate-limit and speak the spec's Spanish; its own HTTP router is not
 * mounted.
 */
export function createAuth(deps: { db: Database; config: Config; accountMail: AccountMailer }) {
  const { db, config, accountMail } = deps;
  return betterAuth({
    appName: 'Bufete',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.secret,
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      resetPasswordTokenExpiresIn: LIMITS.resetLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.appUrl}/reset-password?type=recovery&token=${encodeURIComponent(token)}`;
        await accountMail.deliver('recuperacion', user, link, LIMITS.resetLinkSeconds);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: LIMITS.confirmLinkSeconds,
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${config.appUrl}/confirm-email?type=signup&token=${encodeURIComponent(token)}`;
        await accountMail.deliver('confirmacion', user, link, LIMITS.confirmLinkSeconds);
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // Our routes apply their own database-backed limits (http/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => randomUUID() },
    },
    logger: { disabled: config.env === 'test' },
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { randomUUID } from 'node:crypto';
import { LIMITS } from '@bufete/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { authSchema } from '../db/schema';
import type { Logger } from '../logger';
import type { AccountMailer } from './account-mail';
import { betterAuthLog } from './underlying-errors';
import { generateRecoveryCodes } from './recovery-codes';

export const SESSION_COOKIE_PREFIX = 'bufete';
/** 'Recordar este dispositivo 30 días'. */
export const TRUSTED_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/**
 * better-auth owns passwords (scrypt), sessions (httpOnly cookies stored in the
 * database) and the one-time tokens of emailed links. We call it through
 * `auth.api` from our own account routes, which validate with the shared
 * schemas, rate-limit and speak the spec's Spanish; its own HTTP router is not
 * mounted.
 */
export function createAuth(deps: { db: Database; config: Config; accountMail: AccountMailer; logger: Logger }) {
  const { db, config, accountMail, logger } = deps;
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
    // Only its errors, through our logger (underlying-errors.ts).
    logger: { level: 'error', log: betterAuthLog(logger) },
    plugins: [
      // Two-factor sign-in (issue 28): an authenticator app's codes, 10 one-use recovery
      // codes, 'Recordar este dispositivo' for 30 days. Each sign-in's challenge allows 5
      // codes; 10 wrong ones in a row lock the account's second step for 15 minutes.
      twoFactor({
        issuer: 'Bufete',
        // Capitals and digits that cannot be mistaken for one another, typed in any case (recovery-codes.ts).
        backupCodeOptions: { amount: 10, length: 10, customBackupCodesGenerate: () => generateRecoveryCodes(10) },
        trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS,
        twoFactorCookieMaxAge: 10 * 60,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { ERROR_CODES, MSG, type forgotPasswordSchema, type loginSchema, type registerSchema } from '@bufete/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import type { ProfileService } from '../profile/service';

/** better-auth failures carry `body.code`; we turn them into the spec's messages. */
function authErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'body' in error) {
    const body = (error as { body?: { code?: unknown } }).body;
    if (typeof body?.code === 'string') return body.code;
  }
  return undefined;
}

function isAuthError(error: unknown): boolean {
  return authErrorCode(error) !== undefined || (error instanceof Error && error.name === 'APIError');
}

/** The outcome of an auth call that signs someone in: the cookies to set. */
export interface WithCookies<T> {
  headers: Headers;
  result: T;
}

export type ResetTokenState = 'valid' | 'expired' | 'invalid';

export function createAccountService(deps: { db: Database; auth: Auth; config: Config; profiles: ProfileService; logger: Logger }) {
  const { db, auth, config, profiles, logger } = deps;

  async function findUserByEmail(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  }

  return {
    async signUp(input: z.output<typeof registerSchema>, requestHeaders: Headers): Promise<{ email: string }> {
      // The spec tells a person when the address already has an account; the
      // endpoint is rate-limited, which bounds what this reveals.
      if (await findUserByEmail(input.email)) {
        throw new AppError(409, ERROR_CODES.userExists, MSG.register.alreadyRegistered, 'email');
      }
      let userId: string | undefined;
      try {
        const result = await auth.api.signUpEmail({
          body: { email: input.email, password: input.password, name: `${input.nombre} ${input.apellido}` },
          headers: requestHeaders,
        });
        userId = result.user?.id;
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
          throw new AppError(409, ERROR_CODES.userExists, MSG.register.alreadyRegistered, 'email');
        }
        if (code === 'INVALID_EMAIL') throw new AppError(400, ERROR_CODES.validation, MSG.register.invalidEmail, 'email');
        if (code?.startsWith('PASSWORD_')) throw new AppError(400, ERROR_CODES.validation, MSG.register.weakPassword, 'password');
        if (isAuthError(error)) {
          const message = (error as { body?: { message?: string } }).body?.message ?? 'desconocido';
          throw new AppError(400, code ?? ERROR_CODES.internal, MSG.register.other(message));
        }
        throw error;
      }
      if (!userId) throw new AppError(500, ERROR_CODES.internal, MSG.register.noUser);
      await profiles.createFromSignUp(userId, { nombre: input.nombre, apellido: input.apellido, especialidad: input.especialidad });
      return { email: input.email };
    },

    async signIn(input: z.output<typeof loginSchema>, requestHeaders: Headers): Promise<WithCookies<{ userId: string }>> {
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: requestHeaders,
          returnHeaders: true,
        });
        return { headers, result: { userId: response.user.id } };
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'EMAIL_NOT_VERIFIED') throw new AppError(403, ERROR_CODES.emailNotVerified, MSG.login.emailNotConfirmed);
        if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'USER_NOT_FOUND') {
          throw new AppError(401, ERROR_CODES.invalidCredentials, MSG.login.invalidCredentials);
        }
        if (isAuthError(error)) throw new AppError(400, code ?? ERROR_CODES.internal, MSG.login.unexpected);
        throw error;
      }
    },

    async signOut(requestHeaders: Headers): Promise<Headers> {
      const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
      return headers;
    },

    async requestPasswordReset(input: z.output<typeof forgotPasswordSchema>, requestHeaders: Headers): Promise<void> {
      if (!(await findUserByEmail(input.email))) {
        throw new AppError(404, ERROR_CODES.userNotFound, MSG.forgot.userNotFound, 'email');
      }
      try {
        await auth.api.requestPasswordReset({
          body: { email: input.email, redirectTo: `${config.appUrl}/reset-password` },
          headers: requestHeaders,
        });
      } catch (error) {
        logger.error(`No se pudo enviar el email de recuperación a ${input.email}`, error);
        throw new AppError(502, ERROR_CODES.mailFailed, MSG.forgot.other);
      }
    },

    /** Whether an emailed reset token can still be used (the "verifying" state of /reset-password). */
    async resetTokenState(token: string): Promise<ResetTokenState> {
      const [row] = await db
        .select({ expiresAt: verifications.expiresAt })
        .from(verifications)
        .where(eq(verifications.identifier, `reset-password:${token}`))
        .limit(1);
      if (!row) return 'invalid';
      return row.expiresAt.getTime() > Date.now() ? 'valid' : 'expired';
    },

    /**
     * Sets the new password (the token works once), ends every session of the
     * user, then opens a fresh session here so the person lands on /dashboard.
     */
    async resetPassword(input: { token: string; password: string }, requestHeaders: Headers): Promise<WithCookies<{ userId: string }>> {
      const [verification] = await db
        .select({ userId: verifications.value })
        .from(verifications)
        .where(and(eq(verifications.identifier, `reset-password:${input.token}`), gt(verifications.expiresAt, new Date())))
        .limit(1);
      const state = verification ? 'valid' : await this.resetTokenState(input.token);
      if (!verification) {
        throw new AppError(400, state === 'expired' ? ERROR_CODES.expiredToken : ERROR_CODES.invalidToken,
          state === 'expired' ? MSG.reset.sessionExpired : MSG.reset.invalidSession);
      }
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: requestHeaders });
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'INVALID_TOKEN') throw new AppError(400, ERROR_CODES.invalidToken, MSG.reset.invalidSession);
        if (isAuthError(error)) throw new AppError(400, code ?? ERROR_CODES.internal, MSG.reset.other);
        throw error;
      }
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, verification.userId)).limit(1);
      if (!user) throw new AppError(400, ERROR_CODES.invalidToken, MSG.reset.invalidSession);
      // Following the emailed link proves the address, so a pending confirmation is settled too.
      await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, verification.userId));
      return this.signIn({ email: user.email, password: input.password }, requestHeaders);
    },

    /** Confirms the address of an emailed sign-up link and signs the person in (once). */
    async confirmEmail(token: string, requestHeaders: Headers): Promise<WithCookies<{ signedIn: boolean }>> {
      try {
        const { headers } = await auth.api.verifyEmail({ query: { token }, headers: requestHeaders, returnHeaders: true });
        return { headers, result: { signedIn: headers.getSetCookie().length > 0 } };
      } catch (error) {
        if (isAuthError(error)) throw new AppError(400, ERROR_CODES.invalidToken, MSG.confirm.failed);
        throw error;
      }
    },

    /**
     * Settings → Seguridad. Unlike the original product, the current password
     * is verified; every other session of the user ends, this one is renewed.
     */
    async changePassword(input: { currentPassword: string; newPassword: string }, requestHeaders: Headers): Promise<Headers> {
      try {
        const { headers } = await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers: requestHeaders,
          returnHeaders: true,
        });
        return headers;
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'INVALID_PASSWORD' || code === 'INVALID_EMAIL_OR_PASSWORD') {
          throw new AppError(400, 'INVALID_PASSWORD', MSG.settings.contrasenaActualIncorrecta, 'currentPassword');
        }
        if (code?.startsWith('PASSWORD_')) throw new AppError(400, ERROR_CODES.validation, MSG.settings.nuevaContrasenaMin, 'newPassword');
        if (isAuthError(error)) throw new AppError(400, code ?? ERROR_CODES.internal, MSG.settings.errorContrasena);
        throw error;
      }
    },

    async resendConfirmation(email: string, requestHeaders: Headers): Promise<void> {
      try {
        await auth.api.sendVerificationEmail({ body: { email }, headers: requestHeaders });
      } catch (error) {
        logger.error(`No se pudo reenviar la confirmación a ${email}`, error);
        throw new AppError(502, ERROR_CODES.mailFailed, MSG.confirm.resendFailed);
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

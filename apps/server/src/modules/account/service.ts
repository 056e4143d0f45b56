import { MSG, type forgotPasswordSchema, type loginSchema, type registerSchema } from '@bufete/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountMailer } from '../../auth/account-mail';
import type { Auth } from '../../auth/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users, verifications } from '../../auth/schema';
import { appError } from '../../http/errors';
import { errorCodeOf, type Logger } from '../../logger';
import type { ProfileService } from '../profile/service';
import { isCommonPassword } from '../../auth/common-passwords';
import type { HistoryService } from '../history/service';
import { authErrorCode, isAuthError } from './auth-errors';
import { createSignInThrottle } from './sign-in-throttle';

/** The outcome of an auth call that signs someone in: the cookies to set. */
export interface WithCookies<T> {
  headers: Headers;
  result: T;
}

export type ResetTokenState = 'valid' | 'expired' | 'invalid';

export function createAccountService(deps: {
  db: Database;
  auth: Auth;
  accountMail: AccountMailer;
  config: Config;
  profiles: ProfileService;
  logger: Logger;
  history: HistoryService;
}) {
  const { db, auth, accountMail, config, profiles, logger } = deps;
  const throttle = createSignInThrottle(db);

  /** What else a new password ends (the calendar feed link, the Google connection), registered by their modules. */
  const onPasswordChange: ((userId: string, options: { desconectarGoogle: boolean }) => Promise<void>)[] = [];
  async function passwordChanged(userId: string, options: { desconectarGoogle: boolean }) {
    for (const handler of onPasswordChange) {
      try {
        await handler(userId, options);
      } catch (error) {
        // The password did change: what failed here is told to the operator, not turned into an error.
        logger.error('Tras cambiar la contraseña no se pudo revocar un acceso', error);
      }
    }
  }

  /** A new password people commonly choose is refused on its field, in Spanish. */
  function refuseCommon(password: string, field: string) {
    if (isCommonPassword(password)) throw appError('VALIDATION_ERROR', MSG.validation.passwordComun, field);
  }

  async function findUserByEmail(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  }

  return {
    /**
     * Registers what a changed or reset password must also end: the link that
     * reads a lawyer's calendar without a session, and (when asked) the Google
     * connection. A thief who knew the old password keeps neither.
     */
    onPasswordChanged(handler: (userId: string, options: { desconectarGoogle: boolean }) => Promise<void>) {
      onPasswordChange.push(handler);
    },

    async signUp(input: z.output<typeof registerSchema>, requestHeaders: Headers): Promise<{ email: string }> {
      refuseCommon(input.password, 'password');
      // The spec tells a person when the address already has an account; the
      // endpoint is rate-limited, which bounds what this reveals.
      if (await findUserByEmail(input.email)) {
        throw appError('USER_ALREADY_EXISTS', MSG.register.alreadyRegistered, 'email');
      }
      let userId: string | undefined;
      try {
        const result = await accountMail
          .capture(() => auth.api.signUpEmail({ body: { email: input.email, password: input.password, name: `${input.nombre} ${input.apellido}` }, headers: requestHeaders }))
          .catch(async (error: unknown) => {
            const created = isAuthError(error) ? undefined : await findUserByEmail(input.email);
            if (!created) throw error;
            // The account exists; only its confirmation could not be queued: 'Reenviar' on the next screen asks again.
            logger.warn(`No se pudo poner en cola la confirmación de una cuenta nueva (${errorCodeOf(error)})`);
            return { user: created };
          });
        userId = result.user?.id;
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
          throw appError('USER_ALREADY_EXISTS', MSG.register.alreadyRegistered, 'email');
        }
        if (code === 'INVALID_EMAIL') throw appError('VALIDATION_ERROR', MSG.register.invalidEmail, 'email');
        if (code?.startsWith('PASSWORD_')) throw appError('VALIDATION_ERROR', MSG.register.weakPassword, 'password');
        if (isAuthError(error)) {
          const message = (error as { body?: { message?: string } }).body?.message ?? 'desconocido';
          throw appError('AUTH_FAILED', MSG.register.other(message));
        }
        throw error;
      }
      if (!userId) throw appError('INTERNAL_ERROR', MSG.register.noUser);
      await profiles.createFromSignUp(userId, { nombre: input.nombre, apellido: input.apellido, especialidad: input.especialidad, zonaHoraria: input.zona_horaria });
      return { email: input.email };
    },

    /**
     * Sign-in with the per-account wait after repeated wrong passwords. With
     * two-factor sign-in on (and this device not remembered), the right
     * password opens no session: `dosFactores`, and a challenge's cookie for
     * the code (securityApi.verifyTwoFactor).
     */
    async signIn(input: z.output<typeof loginSchema>, requestHeaders: Headers): Promise<WithCookies<{ dosFactores: boolean; userId: string | null }>> {
      await throttle.assertAllowed(input.email);
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: requestHeaders,
          returnHeaders: true,
        });
        await throttle.recordSuccess(input.email);
        const dosFactores = 'twoFactorRedirect' in response && response.twoFactorRedirect === true;
        return { headers, result: { dosFactores, userId: !dosFactores && 'user' in response ? response.user.id : null } };
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'EMAIL_NOT_VERIFIED') throw appError('EMAIL_NOT_VERIFIED');
        if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'USER_NOT_FOUND') {
          await throttle.recordFailure(input.email);
          throw appError('INVALID_CREDENTIALS');
        }
        if (isAuthError(error)) throw appError('AUTH_FAILED', MSG.login.unexpected);
        throw error;
      }
    },

    async signOut(requestHeaders: Headers): Promise<Headers> {
      const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
      return headers;
    },

    async requestPasswordReset(input: z.output<typeof forgotPasswordSchema>, requestHeaders: Headers): Promise<void> {
      if (!(await findUserByEmail(input.email))) {
        throw appError('USER_NOT_FOUND', MSG.forgot.userNotFound, 'email');
      }
      try {
        await accountMail.capture(() =>
          auth.api.requestPasswordReset({
            body: { email: input.email, redirectTo: `${config.appUrl}/reset-password` },
            headers: requestHeaders,
          }),
        );
      } catch (error) {
        logger.warn(`No se pudo enviar un email de recuperación (${errorCodeOf(error)})`);
        throw appError('MAIL_FAILED', MSG.forgot.other);
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
    async resetPassword(
      input: { token: string; password: string; desconectar_google: boolean },
      requestHeaders: Headers,
    ): Promise<WithCookies<{ dosFactores: boolean; userId: string | null }>> {
      refuseCommon(input.password, 'password');
      const [verification] = await db
        .select({ userId: verifications.value })
        .from(verifications)
        .where(and(eq(verifications.identifier, `reset-password:${input.token}`), gt(verifications.expiresAt, new Date())))
        .limit(1);
      const state = verification ? 'valid' : await this.resetTokenState(input.token);
      if (!verification) {
        throw state === 'expired' ? appError('EXPIRED_TOKEN', MSG.reset.sessionExpired) : appError('INVALID_TOKEN', MSG.reset.invalidSession);
      }
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: requestHeaders });
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'INVALID_TOKEN') throw appError('INVALID_TOKEN', MSG.reset.invalidSession);
        if (isAuthError(error)) throw appError('AUTH_FAILED', MSG.reset.other);
        throw error;
      }
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, verification.userId)).limit(1);
      if (!user) throw appError('INVALID_TOKEN', MSG.reset.invalidSession);
      // Following the emailed link proves the address, so a pending confirmation is settled too,
      // and earlier wrong passwords no longer make the owner wait.
      await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, verification.userId));
      await throttle.recordSuccess(user.email);
      await passwordChanged(verification.userId, { desconectarGoogle: input.desconectar_google });
      await deps.history.record(db, verification.userId, {
        accion: 'cambiar_contrasena',
        entidad: 'cuenta',
        resumen: 'Contraseña restablecida con el enlace del email; se cerraron las demás sesiones',
      });
      return this.signIn({ email: user.email, password: input.password }, requestHeaders);
    },

    /** Confirms the address of an emailed sign-up link and signs the person in (once). */
    async confirmEmail(token: string, requestHeaders: Headers): Promise<WithCookies<{ signedIn: boolean; userId: string | null }>> {
      try {
        const { headers } = await auth.api.verifyEmail({ query: { token }, headers: requestHeaders, returnHeaders: true });
        const cookies = headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
        // Who was signed in: the new session's cookie, read back (better-auth's answer names no one).
        const session = cookies.length ? await auth.api.getSession({ headers: new Headers({ cookie: cookies.join('; ') }) }) : null;
        return { headers, result: { signedIn: cookies.length > 0, userId: session?.user.id ?? null } };
      } catch (error) {
        if (isAuthError(error)) throw appError('INVALID_TOKEN', MSG.confirm.failed);
        throw error;
      }
    },

    /**
     * Settings → Seguridad. Unlike the original product, the current password
     * is verified; every other session of the user ends, this one is renewed.
     */
    async changePassword(userId: string, input: { currentPassword: string; newPassword: string; desconectar_google: boolean }, requestHeaders: Headers): Promise<Headers> {
      refuseCommon(input.newPassword, 'newPassword');
      try {
        const { headers } = await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers: requestHeaders,
          returnHeaders: true,
        });
        await passwordChanged(userId, { desconectarGoogle: input.desconectar_google });
        await deps.history.record(db, userId, { accion: 'cambiar_contrasena', entidad: 'cuenta', resumen: 'Contraseña cambiada en Seguridad; se cerraron las demás sesiones' });
        return headers;
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'INVALID_PASSWORD' || code === 'INVALID_EMAIL_OR_PASSWORD') {
          throw appError('INVALID_PASSWORD', MSG.settings.contrasenaActualIncorrecta, 'currentPassword');
        }
        if (code?.startsWith('PASSWORD_')) throw appError('VALIDATION_ERROR', MSG.settings.nuevaContrasenaMin, 'newPassword');
        if (isAuthError(error)) throw appError('AUTH_FAILED', MSG.settings.errorContrasena);
        throw error;
      }
    },

    /**
     * Resend is about an address, not about whoever is signed in on this
     * browser: called without the session cookie, better-auth answers the same
     * way for an unknown, a confirmed and a pending address (and only the last
     * gets an email), instead of refusing a mismatch with the session.
     */
    async resendConfirmation(email: string, requestHeaders: Headers): Promise<void> {
      const headers = new Headers(requestHeaders);
      headers.delete('cookie');
      try {
        await accountMail.capture(() => auth.api.sendVerificationEmail({ body: { email }, headers }));
      } catch (error) {
        logger.warn(`No se pudo reenviar una confirmación (${errorCodeOf(error)})`);
        throw appError('MAIL_FAILED', MSG.confirm.resendFailed);
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

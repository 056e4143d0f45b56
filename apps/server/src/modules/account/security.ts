import type { Sesion } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import { sessions, twoFactors } from '../../auth/schema';
import type { SignedInUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { HistoryService } from '../history/service';
import { canonicalRecoveryCode } from '../../auth/recovery-codes';
import { authErrorCode, isAuthError } from './auth-errors';
import { describeUserAgent } from './user-agent';

/** better-auth's two-factor refusals, as the person reads them (and on which field). */
export function twoFactorError(error: unknown): never {
  const code = authErrorCode(error);
  if (code === 'INVALID_PASSWORD') throw appError('INVALID_PASSWORD', MSG.settings.contrasenaActualIncorrecta, 'password');
  if (code === 'INVALID_CODE') throw appError('VALIDATION_ERROR', MSG.dosFactores.codigoInvalido, 'codigo');
  if (code === 'INVALID_BACKUP_CODE') throw appError('VALIDATION_ERROR', MSG.dosFactores.recuperacionInvalida, 'codigo');
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') throw appError('TWO_FACTOR_LOCKED');
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') throw appError('TWO_FACTOR_EXPIRED', MSG.dosFactores.demasiadosIntentos);
  if (code === 'INVALID_TWO_FACTOR_COOKIE') throw appError('TWO_FACTOR_EXPIRED');
  if (code === 'TOTP_ALREADY_ENABLED') throw appError('TWO_FACTOR_CONFLICT', MSG.dosFactores.yaActivo);
  if (code === 'TOTP_NOT_ENABLED' || code === 'TWO_FACTOR_NOT_ENABLED' || code === 'BACKUP_CODES_NOT_ENABLED') throw appError('TWO_FACTOR_CONFLICT', MSG.dosFactores.noActivo);
  if (isAuthError(error)) throw appError('AUTH_FAILED', MSG.login.unexpected);
  throw error;
}

/** Six digits: the app's code; anything else: a recovery code. */
export const isAppCode = (codigo: string) => /^\d{6}$/.test(codigo);

/**
 * Configuración → Seguridad (issue 28): two-factor sign-in through
 * better-auth's two-factor plugin (TOTP, recovery codes, trusted devices, the
 * per-challenge and per-account limits), and the open sessions.
 */
export function createSecurityService(deps: { db: Database; auth: Auth; history: HistoryService }) {
  const { db, auth } = deps;
  const record = (userId: string, accion: string, resumen: string) => deps.history.record(db, userId, { accion, entidad: 'cuenta', resumen });

  /**
   * A recovery code as typed: its canonical form (any case, hyphen or not);
   * codes made before they were all capitals are tried as typed after that.
   */
  async function verifyRecoveryCode<T>(typed: string, call: (code: string) => Promise<T>): Promise<T> {
    const canonical = canonicalRecoveryCode(typed);
    try {
      return await call(canonical);
    } catch (error) {
      if (authErrorCode(error) !== 'INVALID_BACKUP_CODE' || canonical === typed.trim()) throw error;
      return call(typed.trim());
    }
  }

  async function twoFactorRow(userId: string) {
    const [row] = await db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
    return row;
  }

  return {
    /** The second step of signing in: the challenge's cookie names the account; sets the session's cookie. */
    async verifySignIn(input: { codigo: string; recordar: boolean }, headers: Headers): Promise<{ headers: Headers; userId: string }> {
      try {
        const body = { code: input.codigo, trustDevice: input.recordar };
        const call = isAppCode(input.codigo)
          ? auth.api.verifyTOTP({ body, headers, returnHeaders: true })
          : verifyRecoveryCode(input.codigo, (code) => auth.api.verifyBackupCode({ body: { ...body, code }, headers, returnHeaders: true }));
        const { headers: cookies, response } = await call;
        return { headers: cookies, userId: response.user.id };
      } catch (error) {
        twoFactorError(error);
      }
    },

    async status(userId: string) {
      const row = await twoFactorRow(userId);
      const activo = !!row?.verified;
      if (!activo) return { activo, codigos_restantes: null };
      const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
      return { activo, codigos_restantes: backupCodes.length };
    },

    /** Starts turning it on (the password first): the app's secret and the recovery codes. Nothing asks for codes until confirmed. */
    async enable(password: string, headers: Headers): Promise<{ uri: string; secreto: string; codigos: string[] }> {
      try {
        const result = await auth.api.enableTwoFactor({ body: { password }, headers });
        if (!('totpURI' in result) || !result.totpURI) throw appError('AUTH_FAILED', MSG.login.unexpected);
        const secreto = new URL(result.totpURI).searchParams.get('secret') ?? '';
        return { uri: result.totpURI, secreto, codigos: result.backupCodes ?? [] };
      } catch (error) {
        twoFactorError(error);
      }
    },

    /** A first code from the app turns it on; this session is renewed (better-auth replaces it). */
    async confirm(userId: string, codigo: string, headers: Headers): Promise<Headers> {
      const row = await twoFactorRow(userId);
      if (!row) throw appError('TWO_FACTOR_CONFLICT', MSG.dosFactores.sinConfigurar);
      if (row.verified) throw appError('TWO_FACTOR_CONFLICT', MSG.dosFactores.yaActivo);
      let renewed: Headers;
      try {
        renewed = (await auth.api.verifyTOTP({ body: { code: codigo }, headers, returnHeaders: true })).headers;
      } catch (error) {
        twoFactorError(error);
      }
      await record(userId, 'activar_dos_pasos', 'Verificación en dos pasos activada');
      return renewed;
    },

    /** Turning it off asks for the password and a current code (or a recovery code). */
    async disable(userId: string, input: { password: string; codigo: string }, headers: Headers): Promise<Headers> {
      if (!(await twoFactorRow(userId))?.verified) throw appError('TWO_FACTOR_CONFLICT', MSG.dosFactores.noActivo);
      try {
        if (isAppCode(input.codigo)) await auth.api.verifyTOTP({ body: { code: input.codigo }, headers });
        else await verifyRecoveryCode(input.codigo, (code) => auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers }));
        const renewed = (await auth.api.disableTwoFactor({ body: { password: input.password }, headers, returnHeaders: true })).headers;
        await record(userId, 'desactivar_dos_pasos', 'Verificación en dos pasos desactivada');
        return renewed;
      } catch (error) {
        twoFactorError(error);
      }
    },

    /** Ten new recovery codes (the password first); the old ones stop working. */
    async regenerateCodes(userId: string, password: string, headers: Headers): Promise<string[]> {
      if (!(await twoFactorRow(userId))?.verified) throw appError('TWO_FACTOR_CONFLICT', MSG.dosFactores.noActivo);
      try {
        const { backupCodes } = await auth.api.generateBackupCodes({ body: { password }, headers });
        await record(userId, 'codigos_recuperacion', 'Códigos de recuperación nuevos (los anteriores dejaron de servir)');
        return backupCodes;
      } catch (error) {
        twoFactorError(error);
      }
    },

    /** 'Actividad de la cuenta': the lawyer's history, paged, optionally of one kind of record. */
    history: (userId: string, query: { entidad?: string; cursor?: number; limit: number }) => deps.history.page(userId, query),

    /** The account's open sessions, most recently used first; this browser's marked. */
    async sessions(user: SignedInUser): Promise<Sesion[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.personId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.updatedAt))
        .limit(100);
      return rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        ip: row.ipAddress?.replace(/^::ffff:/, '') || null,
        iniciada: row.createdAt.toISOString(),
        ultima_actividad: row.updatedAt.toISOString(),
        actual: row.id === user.sessionId,
      }));
    },

    /** Ends one of the account's other sessions (the database tells every process: migration 0015). */
    async endSession(user: SignedInUser, id: string): Promise<void> {
      if (id === user.sessionId) throw appError('VALIDATION_ERROR', MSG.sesiones.noEsLaActual);
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.userId, user.personId)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw notFound();
      await record(user.personId, 'cerrar_sesion', 'Se cerró una sesión desde Seguridad');
    },

    /** 'Cerrar las demás': every session of the account but this one. */
    async endOtherSessions(user: SignedInUser): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, user.personId), ne(sessions.id, user.sessionId)))
        .returning({ id: sessions.id });
      if (ended.length)
        await record(user.personId, 'cerrar_sesion', ended.length === 1 ? 'Se cerró la otra sesión abierta' : `Se cerraron las otras ${ended.length} sesiones abiertas`);
      return ended.length;
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;

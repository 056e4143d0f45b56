import { MSG } from '@bufete/shared';
import { eq, lte, sql } from 'drizzle-orm';
import type { AccountMailer } from '../../auth/account-mail';
import type { Auth } from '../../auth/auth';
import { sessions, twoFactors, users } from '../../auth/schema';
import type { Database } from '../../db/client';
import { appError } from '../../http/errors';
import type { Logger } from '../../logger';
import type { Bucket, Storage } from '../../storage';
import type { HistoryService } from '../history/service';
import { authErrorCode } from './auth-errors';
import { accountClosures, signInFailures } from './schema';
import { isAppCode, twoFactorError } from './security';

/** Days between 'Cerrar mi cuenta' and the removal of everything: signing in before then restores it. */
export const CLOSING_GRACE_DAYS = 30;
export const ACCOUNT_PURGE_JOB = 'cuenta.purgar';
const BUCKETS: Bucket[] = ['documentos', 'imagenes', 'avatars', 'exportaciones'];

/**
 * Closing an account (issue 28). Asked with the password (and a code when
 * two-factor sign-in is on), it ends every session at once and is removed
 * after 30 days unless the lawyer signs in again. The removal takes every
 * row of the account (the users row cascades to every table; the history
 * trail allows it only inside this purge), every file it stored in any
 * bucket, its rate-limit counters and queued jobs that name it, what the
 * modules registered to end (the Google connection, the calendar's link),
 * and sends a final email.
 */
export function createAccountClosing(deps: {
  db: Database;
  auth: Auth;
  history: HistoryService;
  storage: Storage;
  accountMail: AccountMailer;
  appUrl: string;
  logger: Logger;
  timeZoneOf: (userId: string) => Promise<string>;
  beforePurge: (userId: string) => Promise<void>;
}) {
  const { db, auth } = deps;

  async function twoFactorOn(userId: string) {
    const [row] = await db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
    return !!row?.verified;
  }

  return {
    /** 'Cerrar mi cuenta': checks the password (and a code), schedules the removal, ends every session. Returns the day of the removal and the cookies that sign this browser out. */
    async close(userId: string, input: { password: string; codigo: string | null }, headers: Headers): Promise<{ purgeAt: Date; headers: Headers }> {
      try {
        await auth.api.verifyPassword({ body: { password: input.password }, headers });
      } catch (error) {
        if (authErrorCode(error) === 'INVALID_PASSWORD') throw appError('INVALID_PASSWORD', MSG.settings.contrasenaActualIncorrecta, 'password');
        throw error;
      }
      if (await twoFactorOn(userId)) {
        if (!input.codigo) throw appError('VALIDATION_ERROR', MSG.cierre.codigoObligatorio, 'codigo');
        try {
          if (isAppCode(input.codigo)) await auth.api.verifyTOTP({ body: { code: input.codigo }, headers });
          else await auth.api.verifyBackupCode({ body: { code: input.codigo, disableSession: true }, headers });
        } catch (error) {
          twoFactorError(error);
        }
      }
      const purgeAt = new Date(Date.now() + CLOSING_GRACE_DAYS * 24 * 60 * 60 * 1000);
      const [user] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
      const eliminarEl = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: await deps.timeZoneOf(userId) }).format(purgeAt);
      const mailId = await db.transaction(async (tx) => {
        await tx
          .insert(accountClosures)
          .values({ userId, purgeAt })
          .onConflictDoUpdate({ target: accountClosures.userId, set: { purgeAt, requestedAt: new Date() } });
        await deps.history.record(tx, userId, {
          accion: 'cerrar_cuenta',
          entidad: 'cuenta',
          resumen: `Cuenta cerrada; sus datos se eliminarán en ${CLOSING_GRACE_DAYS} días si no vuelve a iniciar sesión`,
        });
        // Signed out everywhere (the database tells every process: migration 0015).
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        // The members working in this despacho are back in their own from their next click (announced to every process too).
        await tx.execute(sql`delete from sesion_despacho where despacho_id = ${userId}`);
        // The email that says so, and how to undo it, exists only if the closing commits.
        return user ? deps.accountMail.queueIn(tx, 'cuenta_cerrada', user, `${deps.appUrl}/login`, CLOSING_GRACE_DAYS * 24 * 60 * 60, { eliminarEl }) : null;
      });
      if (mailId) deps.accountMail.sendQueued(mailId, 'cuenta_cerrada');
      // This browser's cookie, expired (its session is already gone).
      const { headers: signedOut } = await auth.api.signOut({ headers, returnHeaders: true });
      return { purgeAt, headers: signedOut };
    },

    /** A sign-in within the grace restores the account. */
    async restoreOnSignIn(userId: string): Promise<boolean> {
      const restored = await db.delete(accountClosures).where(eq(accountClosures.userId, userId)).returning({ userId: accountClosures.userId });
      if (restored.length === 0) return false;
      await deps.history.record(db, userId, { accion: 'restaurar_cuenta', entidad: 'cuenta', resumen: 'Cuenta restaurada al iniciar sesión antes de que se eliminaran sus datos' });
      return true;
    },

    /** The accounts whose grace ended, removed one by one (a failure leaves that one for the next pass). */
    async purgeDue(now = new Date()): Promise<number> {
      const due = await db.select({ userId: accountClosures.userId }).from(accountClosures).where(lte(accountClosures.purgeAt, now)).limit(20);
      let purged = 0;
      for (const { userId } of due) {
        try {
          await this.purge(userId);
          purged += 1;
        } catch (error) {
          deps.logger.error(`No se pudo eliminar una cuenta cerrada (${userId}); se reintentará`, error);
        }
      }
      return purged;
    },

    async purge(userId: string): Promise<void> {
      const [user] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) return;
      await deps.beforePurge(userId);
      for (const bucket of BUCKETS) {
        for await (const page of deps.storage.list(bucket, `${userId}/`)) {
          for (const object of page) await deps.storage.delete(bucket, object.key);
        }
      }
      const goodbye = await db.transaction(async (tx) => {
        // The history refuses deletions except inside this purge, which says so first.
        await tx.execute(sql`select set_config('bufete.purge', 'on', true)`);
        await tx.execute(sql`delete from rate_limits where key like ${`%${userId}%`}`);
        await tx.execute(sql`delete from jobs where payload::text like ${`%${userId}%`}`);
        await tx.delete(signInFailures).where(eq(signInFailures.email, user.email));
        await tx.delete(users).where(eq(users.id, userId));
        // The final email, sealed (its job holds nothing readable of the lawyer), in the same
        // transaction: it exists only if the removal committed, and a purge cut short and run
        // again sends it once.
        return deps.accountMail.queueIn(tx, 'cuenta_eliminada', user, deps.appUrl, 7 * 24 * 60 * 60);
      });
      if (goodbye) deps.accountMail.sendQueued(goodbye, 'cuenta_eliminada');
    },
  };
}

export type AccountClosing = ReturnType<typeof createAccountClosing>;

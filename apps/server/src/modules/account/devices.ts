import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AccountMailer } from '../../auth/account-mail';
import { knownDevices, twoFactors, users } from '../../auth/schema';
import type { AppEnv } from '../../auth/session';
import type { Database } from '../../db/client';
import { type Logger, errorCodeOf } from '../../logger';
import type { ProfileService } from '../profile/service';
import type { HistoryService } from '../history/service';
import { describeUserAgent } from './user-agent';

const COOKIE = 'bufete.dispositivo';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * 'A sign-in from a device not seen before sends the lawyer an email' (issue
 * 28). Each browser carries a random id in a long-lived httpOnly cookie; the
 * ids an account has signed in from are kept. A completed sign-in without a
 * known one records it and emails the lawyer: the device, the address and the
 * time in their zone, with a link to Seguridad. The browser that confirmed the
 * sign-up is recorded without a mail. Every completed sign-in also goes in
 * the history, and restores an account closed less than 30 days ago.
 */
export function createDevices(deps: {
  db: Database;
  accountMail: AccountMailer;
  profiles: ProfileService;
  history: HistoryService;
  appUrl: string;
  secureCookies: boolean;
  logger: Logger;
  restore: (userId: string) => Promise<boolean>;
}) {
  const { db } = deps;
  return {
    /** Records a completed sign-in; says whether it restored a closed account (the screen tells the lawyer). */
    async signedIn(c: Context<AppEnv>, userId: string, options: { silent?: boolean; how?: string } = {}): Promise<{ restaurada: boolean }> {
      const device = describeUserAgent(c.req.header('user-agent') ?? null);
      // A closed account whose lawyer signs in within the grace is theirs again.
      const restaurada = await deps.restore(userId);
      await deps.history.record(db, userId, {
        accion: 'iniciar_sesion',
        entidad: 'cuenta',
        resumen: `Inicio de sesión en ${device.navegador} (${device.sistema})${options.how ? ` ${options.how}` : ''}`,
      });
      let id = getCookie(c, COOKIE);
      if (!id || !/^[A-Za-z0-9_-]{22,64}$/.test(id)) id = randomBytes(18).toString('base64url');
      setCookie(c, COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: YEAR_SECONDS, secure: deps.secureCookies });
      const inserted = await db.insert(knownDevices).values({ userId, dispositivoId: id }).onConflictDoNothing().returning({ id: knownDevices.dispositivoId });
      if (inserted.length === 0 || options.silent) return { restaurada };
      try {
        const [user] = await db
          .select({ id: users.id, email: users.email, name: users.name })
          .from(users)
          .where(and(eq(users.id, userId)))
          .limit(1);
        if (!user) return { restaurada };
        const { navegador, sistema } = device;
        const timeZone = await deps.profiles.timeZoneOf(userId);
        const cuando = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date());
        const ip = c.get('clientIp')?.replace(/^::ffff:/, '') || null;
        const [twoFactor] = await db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
        const dispositivo = { nombre: `${navegador} en ${sistema}`, ip, cuando, dosPasos: !!twoFactor?.verified };
        await deps.accountMail.deliver('nuevo_dispositivo', user, `${deps.appUrl}/configuracion?tab=seguridad`, 24 * 60 * 60, { dispositivo });
      } catch (error) {
        // The sign-in did happen: a mail that could not even be queued is the operator's to see.
        deps.logger.warn(`No se pudo poner en cola el aviso de un dispositivo nuevo (${errorCodeOf(error)})`);
      }
      return { restaurada };
    },
  };
}

export type Devices = ReturnType<typeof createDevices>;

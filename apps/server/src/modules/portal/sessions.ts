import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sql } from 'drizzle-orm';
import type { PortalClient } from '../../auth/portal-client';
import { type Database, rowsOf } from '../../db/client';

/** The portal's own cookie: a lawyer's session cookie never opens the portal, and this one never opens a lawyer's route. */
export const PORTAL_COOKIE = 'bufete_portal';

/** A portal session lasts a week from its sign-in; a new link opens another. */
export const PORTAL_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

export type { PortalClient };

/** 32 random bytes as base64url (43 characters): a link's or a session's token; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Portal sessions: an httpOnly, SameSite=Strict cookie holding a random
 * token, looked up by its hash on every request together with the access it
 * belongs to, so a suspended access or an ended session is refused at the
 * very next request, in every process.
 */
export function createPortalSessions(db: Database, options: { secureCookies: boolean }) {
  return {
    async read(c: Context): Promise<PortalClient | null> {
      const token = getCookie(c, PORTAL_COOKIE);
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const [row] = rowsOf<{ session_id: string; acceso_id: string; cliente_id: string; user_id: string; email: string }>(
        await db.execute(sql`
          select s.id as session_id, a.id as acceso_id, a.cliente_id, a.user_id, a.email
          from portal_sesiones s join portal_accesos a on a.id = s.acceso_id
          where s.token_hash = ${tokenHash(token)} and s.ended_at is null and s.expires_at > now() and a.estado = 'activo'`),
      );
      return row ? { sessionId: row.session_id, accesoId: row.acceso_id, clienteId: row.cliente_id, userId: row.user_id, email: row.email } : null;
    },

    /** Sets the cookie of a session just made. */
    give(c: Context, token: string) {
      setCookie(c, PORTAL_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/', maxAge: PORTAL_SESSION_MS / 1000, secure: options.secureCookies });
    },

    forget(c: Context) {
      deleteCookie(c, PORTAL_COOKIE, { path: '/', secure: options.secureCookies });
    },
  };
}

export type PortalSessions = ReturnType<typeof createPortalSessions>;

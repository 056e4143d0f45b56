import type { PortalSesion } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PortalClient } from '../../auth/portal-client';
import type { Database, Transaction } from '../../db/client';
import { appError } from '../../http/errors';
import type { PortalDeps } from './deps';
import type { PortalLookups } from './lookups';
import { hashPassword, passwordMatches } from './passwords';
import { portalAccesos, portalEnlaces, portalSesiones } from './schema';
import { newToken, PORTAL_SESSION_MS, tokenHash } from './sessions';

/** One address may be invited by several lawyers: at most this many links go out per request. */
const LINKS_PER_REQUEST = 5;

/**
 * The client's way in: a one-use link asked for by address, or the password
 * they chose; their session and its end. Each sign-in goes to the lawyer's
 * audit trail.
 */
export function createPortalSignIn(db: Database, deps: PortalDeps, lookups: PortalLookups) {
  /** A new session of an access still active, its visit noted: null when it was suspended meanwhile. */
  async function openSession(tx: Transaction, accesoId: string, session: string): Promise<PortalClient | null> {
    const [access] = await tx
      .update(portalAccesos)
      .set({ ultimaVisitaAt: new Date() })
      .where(and(eq(portalAccesos.id, accesoId), eq(portalAccesos.estado, 'activo')))
      .returning();
    if (!access) return null;
    const [row] = await tx
      .insert(portalSesiones)
      .values({ accesoId: access.id, tokenHash: tokenHash(session), expiresAt: new Date(Date.now() + PORTAL_SESSION_MS) })
      .returning({ id: portalSesiones.id });
    return { sessionId: row!.id, accesoId: access.id, clienteId: access.clienteId, userId: access.userId, email: access.email };
  }

  async function signedInTrail(client: PortalClient, ip: string | null, how: string) {
    const nombre = (await deps.clients.get(client.userId, client.clienteId)).nombre;
    await deps.history.record(db, client.userId, {
      accion: 'portal_entrar',
      entidad: 'cliente',
      entidadId: client.clienteId,
      resumen: `«${nombre.slice(0, 120)}» entró al portal${how}${ip ? ` desde ${ip}` : ''}`,
    });
  }

  return {
    /**
     * 'Entrar': a link to each active access of the address. The answer is
     * the same whether it has one or not; the limits per address and per
     * network come first (a refused request looks nothing up and sends nothing).
     */
    async requestLink(email: string, net: string): Promise<string> {
      await deps.limits.perNet.hit(`portal-enlace-red:${net}`, MSG.portal.demasiadosEnlaces);
      await deps.limits.perEmail.hit(`portal-enlace:${email}`, MSG.portal.demasiadosEnlaces);
      const accesses = await db
        .select()
        .from(portalAccesos)
        .where(and(eq(portalAccesos.email, email), eq(portalAccesos.estado, 'activo')))
        .limit(LINKS_PER_REQUEST);
      for (const access of accesses) await lookups.sendLink(access, false);
      return MSG.portal.enlaceEnviado;
    },

    /**
     * The link opened: used once (the update that marks it is the check), within
     * 15 minutes, of an access still active. Gives a new session's token.
     */
    async signIn(token: string, from: { ip: string | null }): Promise<{ token: string; client: PortalClient }> {
      const session = newToken();
      const result = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(portalEnlaces)
          .set({ usedAt: new Date() })
          .where(and(eq(portalEnlaces.tokenHash, tokenHash(token)), isNull(portalEnlaces.usedAt), sql`${portalEnlaces.expiresAt} > now()`))
          .returning({ accesoId: portalEnlaces.accesoId });
        return link ? openSession(tx, link.accesoId, session) : null;
      });
      if (!result) throw appError('INVALID_TOKEN', MSG.portal.enlaceInvalido);
      await signedInTrail(result, from.ip, '');
      return { token: session, client: result };
    },

    /**
     * 'Entrar con contraseña': the address's active accesses that have a
     * password (one per lawyer who invited it, at most five), the first whose
     * password matches. Limited per address and per network before anything
     * is looked up; a wrong address and a wrong password answer the same.
     */
    async signInWithPassword(email: string, password: string, from: { ip: string | null; net: string }): Promise<{ token: string; client: PortalClient }> {
      await deps.limits.perNet.hit(`portal-contrasena-red:${from.net}`, MSG.portal.demasiadosIntentos);
      await deps.limits.perEmail.hit(`portal-contrasena:${email}`, MSG.portal.demasiadosIntentos);
      const candidates = await db
        .select({ id: portalAccesos.id, hash: portalAccesos.contrasenaHash })
        .from(portalAccesos)
        .where(and(eq(portalAccesos.email, email), eq(portalAccesos.estado, 'activo'), isNotNull(portalAccesos.contrasenaHash)))
        .limit(LINKS_PER_REQUEST);
      let match: string | null = null;
      for (const candidate of candidates) {
        if (await passwordMatches(password, candidate.hash!)) {
          match = candidate.id;
          break;
        }
      }
      if (!match) throw appError('INVALID_CREDENTIALS', MSG.portal.credencialesInvalidas);
      const session = newToken();
      const result = await db.transaction((tx) => openSession(tx, match, session));
      if (!result) throw appError('INVALID_CREDENTIALS', MSG.portal.credencialesInvalidas);
      await signedInTrail(result, from.ip, ' con contraseña');
      return { token: session, client: result };
    },

    /** 'Guardar contraseña': the client's own, optional; in the lawyer's trail without it. */
    async setPassword(client: PortalClient, password: string): Promise<string> {
      const hash = await hashPassword(password);
      await db.update(portalAccesos).set({ contrasenaHash: hash, updatedAt: new Date() }).where(eq(portalAccesos.id, client.accesoId));
      await deps.history.record(db, client.userId, {
        accion: 'portal_contrasena',
        entidad: 'cliente',
        entidadId: client.clienteId,
        resumen: `«${(await lookups.clientName(client)).slice(0, 120)}» guardó una contraseña para el portal`,
      });
      return MSG.portal.contrasenaGuardada;
    },

    async session(client: PortalClient): Promise<PortalSesion> {
      const [cliente, abogado, [access]] = await Promise.all([
        deps.clients.get(client.userId, client.clienteId),
        deps.profiles.signature(client.userId),
        db.select({ hash: portalAccesos.contrasenaHash }).from(portalAccesos).where(eq(portalAccesos.id, client.accesoId)),
      ]);
      return {
        cliente: { nombre: cliente.nombre, email: client.email, con_contrasena: !!access?.hash },
        abogado: { nombre: abogado.nombre, especialidad: abogado.especialidad || null, email: abogado.email, tratamiento: abogado.tratamiento },
      };
    },

    async signOut(client: PortalClient): Promise<void> {
      await db.update(portalSesiones).set({ endedAt: new Date() }).where(eq(portalSesiones.id, client.sessionId));
    },
  };
}

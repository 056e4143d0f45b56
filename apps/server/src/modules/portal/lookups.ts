import { and, eq } from 'drizzle-orm';
import type { PortalClient } from '../../auth/portal-client';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { portalLinkEmail } from '../../mail/templates';
import { casos } from '../cases/schema';
import type { PortalDeps } from './deps';
import { portalAccesos, portalEnlaces } from './schema';
import { newToken, tokenHash } from './sessions';

/** A link works this long, once. */
export const PORTAL_LINK_MS = 15 * 60 * 1000;

export type AccessRow = typeof portalAccesos.$inferSelect;

/**
 * The reads every part of the portal starts from, each scoped by the lawyer
 * (and the session's client): a client's access, a case of the client or of
 * the lawyer, the client's name; and a sign-in link sent.
 */
export function createPortalLookups(db: Database, deps: PortalDeps) {
  return {
    async accessOf(userId: string, clienteId: string): Promise<AccessRow | undefined> {
      const [row] = await db
        .select()
        .from(portalAccesos)
        .where(and(eq(portalAccesos.userId, userId), eq(portalAccesos.clienteId, clienteId)))
        .limit(1);
      return row;
    },

    /** A case of the session's client, or 404. */
    async caseOf(client: PortalClient, casoId: string) {
      const [row] = await db
        .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, expediente: casos.expediente, juzgado: casos.juzgado, updatedAt: casos.updatedAt })
        .from(casos)
        .where(and(eq(casos.id, casoId), eq(casos.userId, client.userId), eq(casos.clienteId, client.clienteId)))
        .limit(1);
      if (!row) throw notFound();
      return row;
    },

    /** A case of the lawyer, with its client, or 404. */
    async lawyerCase(userId: string, casoId: string) {
      const [row] = await db
        .select({ id: casos.id, titulo: casos.titulo, clienteId: casos.clienteId })
        .from(casos)
        .where(and(eq(casos.id, casoId), eq(casos.userId, userId)))
        .limit(1);
      if (!row) throw notFound();
      return row;
    },

    clientName: async (client: PortalClient) => (await deps.clients.get(client.userId, client.clienteId)).nombre,

    /** A new link of the access, and its mail sent without the request waiting on the mail server. */
    async sendLink(access: AccessRow, invitacion: boolean): Promise<void> {
      const token = newToken();
      await db.insert(portalEnlaces).values({ accesoId: access.id, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + PORTAL_LINK_MS) });
      const { nombre } = await deps.profiles.signature(access.userId);
      // In the fragment: never sent to a server, so it reaches no log nor Referer.
      const link = `${deps.appUrl}/portal/entrar#${token}`;
      deps.mailer.send({ to: access.email, ...portalLinkEmail({ abogado: nombre, link, invitacion }), fromName: nombre }).catch((error: unknown) => {
        deps.logger.warn(`un enlace del portal no se pudo enviar (acceso ${access.id}): ${(error as { code?: string }).code ?? 'error'}`);
      });
    },
  };
}

export type PortalLookups = ReturnType<typeof createPortalLookups>;

import type { Mensaje } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { PortalClient } from '../../auth/portal-client';
import type { Database } from '../../db/client';
import { appError } from '../../http/errors';
import { portalMessageEmail } from '../../mail/templates';
import { casos } from '../cases/schema';
import type { PortalDeps } from './deps';
import type { PortalLookups } from './lookups';
import { portalMensajes } from './schema';

/**
 * A case's messages between the client and the lawyer: kept, each side told
 * by email without the text, the lawyer's bell and trail (never the text).
 */
export function createPortalMessages(db: Database, deps: PortalDeps, lookups: PortalLookups) {
  const toMensaje = (row: typeof portalMensajes.$inferSelect): Mensaje => ({ id: row.id, autor: row.autor, texto: row.texto, created_at: row.createdAt.toISOString() });

  /** A case's messages, oldest first (the latest 500). */
  async function messagesOf(userId: string, clienteId: string, casoId: string): Promise<Mensaje[]> {
    const rows = await db
      .select()
      .from(portalMensajes)
      .where(and(eq(portalMensajes.userId, userId), eq(portalMensajes.clienteId, clienteId), eq(portalMensajes.casoId, casoId)))
      .orderBy(desc(portalMensajes.createdAt))
      .limit(500);
    return rows.reverse().map(toMensaje);
  }

  /** A notice by email that carries no message text; sent without the request waiting on the mail server. */
  function announce(to: string, content: ReturnType<typeof portalMessageEmail>, fromName?: string) {
    deps.mailer.send({ to, ...content, ...(fromName ? { fromName } : {}) }).catch((error: unknown) => {
      deps.logger.warn(`un aviso de mensaje del portal no se pudo enviar: ${(error as { code?: string }).code ?? 'error'}`);
    });
  }

  return {
    /** The client's side of a case's messages. */
    async messages(client: PortalClient, casoId: string): Promise<Mensaje[]> {
      await lookups.caseOf(client, casoId);
      return messagesOf(client.userId, client.clienteId, casoId);
    },

    /** The client writes about one of their cases: kept, in the lawyer's trail (not its text), the bell, and an email without the text. */
    async sendFromClient(client: PortalClient, casoId: string, texto: string): Promise<Mensaje> {
      const caso = await lookups.caseOf(client, casoId);
      await deps.limits.messages.hit(`portal-mensaje:${client.accesoId}`, MSG.portal.demasiadosMensajes);
      const nombre = await lookups.clientName(client);
      const mensaje = await db.transaction(async (tx) => {
        const [row] = await tx.insert(portalMensajes).values({ userId: client.userId, clienteId: client.clienteId, casoId, autor: 'cliente', texto }).returning();
        await deps.history.record(tx, client.userId, {
          accion: 'portal_mensaje',
          entidad: 'cliente',
          entidadId: client.clienteId,
          casoId,
          resumen: `«${nombre.slice(0, 120)}» escribió en el portal sobre «${caso.titulo.slice(0, 150)}»`,
        });
        return row!;
      });
      await deps.notify(client.userId, {
        tipo: 'portal',
        titulo: `${nombre.slice(0, 120)} te escribió en el portal`,
        detalle: `Sobre ${caso.titulo.slice(0, 150)}`,
        enlace: `/clientes/${client.clienteId}`,
        clave: `portal-mensaje:${mensaje.id}`,
      });
      const abogado = await deps.profiles.signature(client.userId);
      announce(abogado.email, portalMessageEmail({ para: 'abogado', de: nombre, caso: caso.titulo, link: `${deps.appUrl}/casos/${casoId}?tab=portal` }));
      return toMensaje(mensaje);
    },

    /** The lawyer's side of a case's messages. */
    async messagesForLawyer(userId: string, casoId: string): Promise<Mensaje[]> {
      const caso = await lookups.lawyerCase(userId, casoId);
      return caso.clienteId ? messagesOf(userId, caso.clienteId, casoId) : [];
    },

    /** Every message between a client and the lawyer, oldest first, with its case: the client's own data (their LFPDPPP export). */
    async messagesOfClient(userId: string, clienteId: string): Promise<(Mensaje & { caso: string })[]> {
      const rows = await db
        .select({ mensaje: portalMensajes, caso: casos.titulo })
        .from(portalMensajes)
        .innerJoin(casos, eq(casos.id, portalMensajes.casoId))
        .where(and(eq(portalMensajes.userId, userId), eq(portalMensajes.clienteId, clienteId)))
        .orderBy(portalMensajes.createdAt)
        .limit(10_000);
      return rows.map((row) => ({ ...toMensaje(row.mensaje), caso: row.caso }));
    },

    /** The lawyer answers on a case whose client has access: kept, and the client told by email without the text. */
    async sendFromLawyer(userId: string, casoId: string, texto: string): Promise<Mensaje> {
      const caso = await lookups.lawyerCase(userId, casoId);
      const access = caso.clienteId ? await lookups.accessOf(userId, caso.clienteId) : undefined;
      if (!caso.clienteId || access?.estado !== 'activo') throw appError('VALIDATION_ERROR', MSG.portal.casoSinPortal);
      await deps.limits.messages.hit(`portal-mensaje-abogado:${userId}`, MSG.portal.demasiadosMensajes);
      const [row] = await db.insert(portalMensajes).values({ userId, clienteId: caso.clienteId, casoId, autor: 'abogado', texto }).returning();
      const abogado = await deps.profiles.signature(userId);
      announce(
        access.email,
        portalMessageEmail({ para: 'cliente', de: abogado.nombre, caso: caso.titulo, link: `${deps.appUrl}/portal`, tratamiento: abogado.tratamiento }),
        abogado.nombre,
      );
      return toMensaje(row!);
    },
  };
}

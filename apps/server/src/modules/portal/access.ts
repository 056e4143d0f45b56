import type { PortalAcceso } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appError } from '../../http/errors';
import type { PortalDeps } from './deps';
import type { AccessRow, PortalLookups } from './lookups';
import { portalAccesos, portalMensajes, portalSesiones } from './schema';

const toAcceso = (row: AccessRow): PortalAcceso => ({
  email: row.email,
  estado: row.estado,
  invitado_at: row.invitadoAt.toISOString(),
  ultima_visita_at: row.ultimaVisitaAt?.toISOString() ?? null,
});

/**
 * The lawyer's side of a client's access: the 'Portal' card, 'Invitar al
 * portal', 'Suspender acceso', and the access forgotten with the client's data.
 */
export function createPortalAccess(db: Database, deps: PortalDeps, lookups: PortalLookups) {
  return {
    /** The lawyer's 'Portal' card: the client's access, if any. */
    async access(userId: string, clienteId: string): Promise<PortalAcceso | null> {
      await deps.clients.get(userId, clienteId); // the lawyer's client, or 404
      const row = await lookups.accessOf(userId, clienteId);
      return row ? toAcceso(row) : null;
    },

    /** 'Invitar al portal': the access (given back if suspended, at the client's current address) and a link by email. */
    async invite(userId: string, clienteId: string): Promise<PortalAcceso> {
      const cliente = await deps.clients.get(userId, clienteId);
      if (!cliente.email) throw appError('VALIDATION_ERROR', MSG.portal.clienteSinEmail);
      const email = cliente.email.toLowerCase();
      const [row] = await db
        .insert(portalAccesos)
        .values({ userId, clienteId, email, estado: 'activo' })
        .onConflictDoUpdate({ target: portalAccesos.clienteId, set: { email, estado: 'activo', invitadoAt: new Date(), updatedAt: new Date() } })
        .returning();
      await deps.history.record(db, userId, {
        accion: 'portal_invitar',
        entidad: 'cliente',
        entidadId: clienteId,
        resumen: `Cliente «${cliente.nombre.slice(0, 120)}» invitado al portal (${email})`,
      });
      await lookups.sendLink(row!, true);
      return toAcceso(row!);
    },

    /** 'Eliminar datos del cliente': their access (and its address, links and sessions) and their messages go. */
    async forgetClient(userId: string, clienteId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(portalMensajes).where(and(eq(portalMensajes.userId, userId), eq(portalMensajes.clienteId, clienteId)));
        await tx.delete(portalAccesos).where(and(eq(portalAccesos.userId, userId), eq(portalAccesos.clienteId, clienteId)));
      });
    },

    /** 'Suspender acceso': the access and every open session of it end in one transaction. */
    async suspend(userId: string, clienteId: string): Promise<PortalAcceso> {
      const cliente = await deps.clients.get(userId, clienteId);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(portalAccesos)
          .set({ estado: 'suspendido', updatedAt: new Date() })
          .where(and(eq(portalAccesos.userId, userId), eq(portalAccesos.clienteId, clienteId)))
          .returning();
        if (!row) throw appError('VALIDATION_ERROR', MSG.portal.sinAcceso);
        await tx
          .update(portalSesiones)
          .set({ endedAt: new Date() })
          .where(and(eq(portalSesiones.accesoId, row.id), isNull(portalSesiones.endedAt)));
        await deps.history.record(tx, userId, {
          accion: 'portal_suspender',
          entidad: 'cliente',
          entidadId: clienteId,
          resumen: `Acceso al portal de «${cliente.nombre.slice(0, 120)}» suspendido`,
        });
        return row;
      });
      return toAcceso(updated);
    },
  };
}

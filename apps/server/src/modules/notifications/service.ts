import type { Notificacion, NotificacionTipo, Page } from '@bufete/shared';
import { NOTIFICACIONES_POR_PAGINA } from '@bufete/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { createNotificationQueries, type NotificacionRow } from './queries';

// The jobs this service enqueues, named here; jobs.ts registers their handlers.
export const NOTIFY_JOB = 'notifications.create';

/** One thing worth telling the lawyer; `clave` names it, so it is told once. */
export interface Notice {
  tipo: NotificacionTipo;
  titulo: string;
  detalle?: string | null;
  enlace: string;
  clave: string;
  /** For one member of the despacho (issue 46); none: the despacho's. */
  destinatarioId?: string;
}

const toNotificacion = (row: NotificacionRow): Notificacion => ({
  id: row.id,
  tipo: row.tipo as NotificacionTipo,
  titulo: row.titulo,
  detalle: row.detalle,
  enlace: row.enlace,
  leida: row.leida,
  created_at: row.createdAt.toISOString(),
});

/**
 * The bell (issue 15). Other modules tell it what happened through the
 * background queue (`notify`, in their own transaction when they have one),
 * or, already inside a job, with `create`. Rows are per lawyer and read only
 * by them. Its jobs (the notices, the daily summary) are in jobs.ts.
 */
export function createNotificationService(db: Database, deps: { queue: JobQueue; leaseMs: number }) {
  const queries = createNotificationQueries(db, { leaseMs: deps.leaseMs });

  return {
    async create(userId: string, notice: Notice): Promise<void> {
      await queries.insert({
        userId,
        tipo: notice.tipo,
        titulo: notice.titulo.slice(0, 300),
        detalle: notice.detalle?.slice(0, 500) ?? null,
        enlace: notice.enlace,
        clave: notice.clave.slice(0, 300),
        destinatarioId: notice.destinatarioId ?? null,
      });
    },

    /** Told through the queue: in the caller's transaction when given (`executor`), once per `clave`. */
    async notify(userId: string, notice: Notice, executor?: Pick<Database, 'execute'>): Promise<void> {
      await deps.queue.enqueue(NOTIFY_JOB, { userId, notice }, { executor, dedupeKey: `notify:${userId}:${notice.clave}`.slice(0, 400) });
    },

    /** `personId`: who asks (they see the despacho's notices and their own; a pasante only their own). */
    async list(userId: string, personId: string, cursor: string | undefined): Promise<Page<Notificacion> & { no_leidas: number }> {
      const [rows, unread] = await Promise.all([queries.page(userId, personId, cursor, NOTIFICACIONES_POR_PAGINA), queries.unread(userId, personId)]);
      return { ...queries.paging.page(rows, NOTIFICACIONES_POR_PAGINA, ({ row }) => toNotificacion(row)), no_leidas: unread };
    },

    async markRead(userId: string, personId: string, id: string): Promise<void> {
      if (!(await queries.markRead(userId, personId, id))) throw notFound();
    },

    markAllRead: (userId: string, personId: string) => queries.markAllRead(userId, personId),

    /** Forgets the notices about a record whose data was erased (they name it: an email's address, its subject). */
    forgetLinkedTo: (userId: string, enlace: string) => queries.deleteLinkedTo(userId, enlace),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

import type { Notificacion, NotificacionTipo, Page } from '@bufete/shared';
import { NOTIFICACIONES_POR_PAGINA } from '@bufete/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { keyset } from '../../db/paging';
import { notFound } from '../../http/errors';
import { holding } from '../../jobs/lease';
import type { JobQueue } from '../../jobs/queue';
import { errorCodeOf, type Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { dailySummaryEmail } from '../../mail/templates';
import type { ProfileService } from '../profile/service';
import { dailySummaries, notificaciones } from './schema';

/** One thing worth telling the lawyer; `clave` names it, so it is told once. */
export interface Notice {
  tipo: NotificacionTipo;
  titulo: string;
  detalle?: string | null;
  enlace: string;
  clave: string;
}

/** What the daily summary lists, read from the modules that own it. */
export interface SummarySources {
  appointments(userId: string, day: string, timeZone: string): Promise<{ inicio: Date; titulo: string; ubicacion: string | null }[]>;
  overdueInvoices(userId: string): Promise<{ numero: string; cliente: string | null; total: string; vencio: string }[]>;
}

export const NOTIFY_JOB = 'notifications.create';
export const DAILY_SUMMARY_JOB = 'notifications.daily-summary';
/** The summary goes out from this hour of the lawyer's morning. */
export const SUMMARY_HOUR = 7;
/** Lawyers whose summary one pass sends at most (the next pass, 15 minutes later, takes the rest). */
const SUMMARY_BATCH = 200;

const paging = keyset({ sort: notificaciones.createdAt, id: notificaciones.id, order: 'desc', kind: 'timestamp' });

/**
 * The bell (issue 15). Other modules tell it what happened through the
 * background queue (`notify`, in their own transaction when they have one),
 * or, already inside a job, with `create`. Rows are per lawyer and read only
 * by them; the daily summary email is a periodic job that each lawyer who
 * asked for it gets once a day, after 7:00 on their clock.
 */
export function createNotificationService(
  db: Database,
  deps: {
    queue: JobQueue;
    mailer: Mailer;
    profiles: ProfileService;
    logger: Logger;
    appUrl: string;
    /** How long a summary's claim holds without renewal before another process takes it back (the queue's lease). */
    leaseMs: number;
    summary: SummarySources;
  },
) {
  async function create(userId: string, notice: Notice): Promise<void> {
    await db
      .insert(notificaciones)
      .values({ userId, tipo: notice.tipo, titulo: notice.titulo.slice(0, 300), detalle: notice.detalle?.slice(0, 500) ?? null, enlace: notice.enlace, clave: notice.clave.slice(0, 300) })
      .onConflictDoNothing();
  }

  deps.queue.register<{ userId: string; notice: Notice }>(NOTIFY_JOB, {
    maxAttempts: 5,
    retryBaseMs: 10_000,
    handle: ({ userId, notice }) => create(userId, notice),
  });

  async function sendDailySummaries(now = new Date()): Promise<number> {
    // Lawyers who asked for it, past 7:00 on their clock, not yet sent today (their today).
    const due = rowsOf<{ user_id: string; zona: string; dia: string }>(
      await db.execute(sql`
      select p.id as user_id, p.zona_horaria as zona, (${now.toISOString()}::timestamptz at time zone p.zona_horaria)::date::text as dia
        from profiles p
       where p.resumen_diario
         and extract(hour from (${now.toISOString()}::timestamptz at time zone p.zona_horaria)) >= ${SUMMARY_HOUR}
         and not exists (select 1 from ${dailySummaries} s where s.user_id = p.id and s.dia = (${now.toISOString()}::timestamptz at time zone p.zona_horaria)::date
                           and (s.sent_at is not null or s.claimed_at >= now() - make_interval(secs => ${deps.leaseMs / 1000})))
       limit ${SUMMARY_BATCH}`),
    );
    let sent = 0;
    for (const row of due) {
      // Claimed once across processes; a claim whose process died (no longer renewed) is taken back.
      const sameDay = and(eq(dailySummaries.userId, row.user_id), eq(dailySummaries.dia, row.dia));
      const claimed = await db
        .insert(dailySummaries)
        .values({ userId: row.user_id, dia: row.dia })
        .onConflictDoUpdate({
          target: [dailySummaries.userId, dailySummaries.dia],
          set: { claimedAt: sql`now()` },
          setWhere: sql`${dailySummaries.sentAt} is null and ${dailySummaries.claimedAt} < now() - make_interval(secs => ${deps.leaseMs / 1000})`,
        })
        .returning();
      if (claimed.length === 0) continue;
      try {
        const [lawyer, citas, vencidas] = await Promise.all([
          deps.profiles.signature(row.user_id),
          deps.summary.appointments(row.user_id, row.dia, row.zona),
          deps.summary.overdueInvoices(row.user_id),
        ]);
        const hora = new Intl.DateTimeFormat('es-MX', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: row.zona });
        const dia = new Intl.DateTimeFormat('es-MX', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${row.dia}T12:00:00Z`));
        const mail = dailySummaryEmail({
          nombre: lawyer.nombre,
          dia,
          citas: citas.map((cita) => ({ hora: hora.format(cita.inicio), titulo: cita.titulo, ubicacion: cita.ubicacion })),
          vencidas,
          link: `${deps.appUrl}/dashboard`,
        });
        await holding(
          deps.leaseMs,
          () => db.update(dailySummaries).set({ claimedAt: sql`now()` }).where(and(sameDay, isNull(dailySummaries.sentAt))),
          () => deps.mailer.send({ to: lawyer.email, ...mail, messageId: deps.mailer.messageId(`resumen.${row.user_id}.${row.dia}`) }),
        );
        await db.update(dailySummaries).set({ sentAt: sql`now()` }).where(sameDay);
        sent += 1;
      } catch (error) {
        // Not sent: give the day back so the next pass tries again.
        await db.delete(dailySummaries).where(and(sameDay, isNull(dailySummaries.sentAt)));
        deps.logger.warn(`No se pudo enviar el resumen diario de ${row.user_id} (${errorCodeOf(error)})`);
      }
    }
    return sent;
  }

  deps.queue.register(DAILY_SUMMARY_JOB, { maxAttempts: 1, handle: async () => void (await sendDailySummaries()) });
  deps.queue.every(DAILY_SUMMARY_JOB, 15 * 60_000);

  const toNotificacion = (row: typeof notificaciones.$inferSelect): Notificacion => ({
    id: row.id,
    tipo: row.tipo as NotificacionTipo,
    titulo: row.titulo,
    detalle: row.detalle,
    enlace: row.enlace,
    leida: row.leida,
    created_at: row.createdAt.toISOString(),
  });

  return {
    create,
    sendDailySummaries,

    /** Told through the queue: in the caller's transaction when given (`executor`), once per `clave`. */
    async notify(userId: string, notice: Notice, executor?: Pick<Database, 'execute'>): Promise<void> {
      await deps.queue.enqueue(NOTIFY_JOB, { userId, notice }, { executor, dedupeKey: `notify:${userId}:${notice.clave}`.slice(0, 400) });
    },

    async list(userId: string, cursor: string | undefined): Promise<Page<Notificacion> & { no_leidas: number }> {
      const [rows, [unread]] = await Promise.all([
        db
          .select({ row: notificaciones, id: notificaciones.id, cursorKey: paging.cursorKey })
          .from(notificaciones)
          .where(and(eq(notificaciones.userId, userId), paging.after(cursor)))
          .orderBy(...paging.orderBy)
          .limit(NOTIFICACIONES_POR_PAGINA + 1),
        db
          .select({ total: count() })
          .from(notificaciones)
          .where(and(eq(notificaciones.userId, userId), eq(notificaciones.leida, false))),
      ]);
      return { ...paging.page(rows, NOTIFICACIONES_POR_PAGINA, ({ row }) => toNotificacion(row)), no_leidas: Number(unread!.total) };
    },

    async markRead(userId: string, id: string): Promise<void> {
      const updated = await db
        .update(notificaciones)
        .set({ leida: true })
        .where(and(eq(notificaciones.id, id), eq(notificaciones.userId, userId)))
        .returning({ id: notificaciones.id });
      if (updated.length === 0) throw notFound();
    },

    async markAllRead(userId: string): Promise<void> {
      await db.update(notificaciones).set({ leida: true }).where(and(eq(notificaciones.userId, userId), eq(notificaciones.leida, false)));
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

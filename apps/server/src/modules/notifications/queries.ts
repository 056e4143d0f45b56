import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { keyset } from '../../db/paging';
import { esPasante } from '../../http/case-scope';
import { dailySummaries, notificaciones } from './schema';

/** The notices a person of the despacho sees: its own and theirs; a pasante only theirs (the despacho's speak of every case). */
function vistasPor(userId: string, personId: string) {
  const suyas = eq(notificaciones.destinatarioId, personId);
  return and(eq(notificaciones.userId, userId), esPasante() ? suyas : or(isNull(notificaciones.destinatarioId), suyas));
}

export type NotificacionRow = typeof notificaciones.$inferSelect;

/** The bell's SQL, always by its lawyer, and the daily summaries' claims. */
export function createNotificationQueries(db: Database, options: { leaseMs: number }) {
  const paging = keyset({ sort: notificaciones.createdAt, id: notificaciones.id, order: 'desc', kind: 'timestamp' });
  const sameDay = (userId: string, dia: string) => and(eq(dailySummaries.userId, userId), eq(dailySummaries.dia, dia));
  const leaseOver = sql`now() - make_interval(secs => ${options.leaseMs / 1000})`;

  return {
    paging,

    /** Once per `clave`: a second notice with the same key is dropped. */
    async insert(values: typeof notificaciones.$inferInsert): Promise<void> {
      await db.insert(notificaciones).values(values).onConflictDoNothing();
    },

    page(userId: string, personId: string, cursor: string | undefined, limit: number) {
      return db
        .select({ row: notificaciones, id: notificaciones.id, cursorKey: paging.cursorKey })
        .from(notificaciones)
        .where(and(vistasPor(userId, personId), paging.after(cursor)))
        .orderBy(...paging.orderBy)
        .limit(limit + 1);
    },

    async unread(userId: string, personId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(notificaciones)
        .where(and(vistasPor(userId, personId), eq(notificaciones.leida, false)));
      return Number(row?.total ?? 0);
    },

    /** Marks one read; false when it is not the lawyer's. */
    async markRead(userId: string, personId: string, id: string): Promise<boolean> {
      const updated = await db
        .update(notificaciones)
        .set({ leida: true })
        .where(and(eq(notificaciones.id, id), vistasPor(userId, personId)))
        .returning({ id: notificaciones.id });
      return updated.length > 0;
    },

    /** Deletes the notices that point at `enlace` (a client's page, when its data is erased). */
    async deleteLinkedTo(userId: string, enlace: string): Promise<void> {
      await db.delete(notificaciones).where(and(eq(notificaciones.userId, userId), eq(notificaciones.enlace, enlace)));
    },

    async markAllRead(userId: string, personId: string): Promise<void> {
      await db
        .update(notificaciones)
        .set({ leida: true })
        .where(and(vistasPor(userId, personId), eq(notificaciones.leida, false)));
    },

    /** Lawyers who asked for the summary, past `hour` on their clock, whose today's summary is neither sent nor being sent. */
    async dueSummaries(now: Date, hour: number, limit: number) {
      return rowsOf<{ user_id: string; zona: string; dia: string }>(
        await db.execute(sql`
        select p.id as user_id, p.zona_horaria as zona, (${now.toISOString()}::timestamptz at time zone p.zona_horaria)::date::text as dia
          from profiles p
         where p.resumen_diario
           and extract(hour from (${now.toISOString()}::timestamptz at time zone p.zona_horaria)) >= ${hour}
           and not exists (select 1 from ${dailySummaries} s where s.user_id = p.id and s.dia = (${now.toISOString()}::timestamptz at time zone p.zona_horaria)::date
                             and (s.sent_at is not null or s.claimed_at >= ${leaseOver}))
         limit ${limit}`),
      );
    },

    /** Claims a lawyer's summary of a day across processes (one whose process died, no longer renewed, is taken back); false when another holds it. */
    async claimSummary(userId: string, dia: string): Promise<boolean> {
      const claimed = await db
        .insert(dailySummaries)
        .values({ userId, dia })
        .onConflictDoUpdate({
          target: [dailySummaries.userId, dailySummaries.dia],
          set: { claimedAt: sql`now()` },
          setWhere: sql`${dailySummaries.sentAt} is null and ${dailySummaries.claimedAt} < ${leaseOver}`,
        })
        .returning();
      return claimed.length > 0;
    },

    async renewSummary(userId: string, dia: string): Promise<void> {
      await db
        .update(dailySummaries)
        .set({ claimedAt: sql`now()` })
        .where(and(sameDay(userId, dia), isNull(dailySummaries.sentAt)));
    },

    async summarySent(userId: string, dia: string): Promise<void> {
      await db
        .update(dailySummaries)
        .set({ sentAt: sql`now()` })
        .where(sameDay(userId, dia));
    },

    /** Not sent: the day is given back so the next pass tries again. */
    async releaseSummary(userId: string, dia: string): Promise<void> {
      await db.delete(dailySummaries).where(and(sameDay(userId, dia), isNull(dailySummaries.sentAt)));
    },
  };
}

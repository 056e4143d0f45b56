import type { Evento } from '@bufete/shared';
import { and, asc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { tags } from '../tags/schema';
import type { EventRow, EventWithNames } from './mappers';
import { calendarEvents, eventTags, googleCalendarTokens, googleDeletions } from './schema';
import { soloCasosVisibles } from '../../http/case-scope';

const DAY_MS = 86_400_000;
/** Events longer than this are flagged `larga` and read through their own index (see schema). */
const SHORT_EVENT_DAYS = 31;

/**
 * Starting within 31 days before `from`, or long: what can overlap a period
 * beginning at `from` and still use the start index (long events are few and
 * indexed apart).
 */
const mayOverlapFrom = (from: Date) => or(gte(calendarEvents.fechaInicio, new Date(from.getTime() - SHORT_EVENT_DAYS * DAY_MS)), eq(calendarEvents.larga, true));

export type EventValues = Omit<typeof calendarEvents.$inferInsert, 'userId' | 'id'>;

/** 'Míos': the events of these cases (none: no condition). */
const ofCases = (casoIds: string[] | undefined) => (casoIds ? (casoIds.length ? inArray(calendarEvents.casoId, casoIds) : sql`false`) : undefined);

/** The calendar's SQL, always by its lawyer; case and client joined within the same owner. */
export function createCalendarQueries(db: Database) {
  function selectEvents(userId: string, where: SQL | undefined) {
    return db
      .select({ event: calendarEvents, casoTitulo: casos.titulo, clienteNombre: clientes.nombre })
      .from(calendarEvents)
      .leftJoin(casos, and(eq(casos.id, calendarEvents.casoId), eq(casos.userId, calendarEvents.userId)))
      .leftJoin(clientes, and(eq(clientes.id, calendarEvents.clienteId), eq(clientes.userId, calendarEvents.userId)))
      .where(and(eq(calendarEvents.userId, userId), where, soloCasosVisibles(calendarEvents.casoId)));
  }

  return {
    selectEvents,

    /** The tags of some events, by event, in one query. */
    async tagsOf(userId: string, eventIds: string[]): Promise<Map<string, Evento['etiquetas']>> {
      const tagsOf = new Map<string, Evento['etiquetas']>();
      if (eventIds.length === 0) return tagsOf;
      const rows = await db
        .select({ eventId: eventTags.eventId, id: tags.id, nombre: tags.nombre, color: tags.color })
        .from(eventTags)
        .innerJoin(tags, eq(tags.id, eventTags.tagId))
        .where(and(eq(eventTags.userId, userId), inArray(eventTags.eventId, eventIds)))
        .orderBy(asc(sql`lower(${tags.nombre})`));
      for (const tag of rows) tagsOf.set(tag.eventId, [...(tagsOf.get(tag.eventId) ?? []), { id: tag.id, nombre: tag.nombre, color: tag.color }]);
      return tagsOf;
    },

    async row(userId: string, id: string): Promise<EventRow | undefined> {
      const [row] = await db
        .select()
        .from(calendarEvents)
        .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
        .limit(1);
      return row;
    },

    async withNames(userId: string, id: string): Promise<EventWithNames | undefined> {
      const [row] = await selectEvents(userId, eq(calendarEvents.id, id)).limit(1);
      return row;
    },

    /** Events overlapping [from, to), by start, optionally of one case or client. */
    overlapping(userId: string, period: { from: Date; to: Date; casoId?: string; clienteId?: string; casoIds?: string[] }, limit: number): Promise<EventWithNames[]> {
      return selectEvents(
        userId,
        and(
          lt(calendarEvents.fechaInicio, period.to),
          gt(calendarEvents.fechaFin, period.from),
          mayOverlapFrom(period.from),
          period.casoId ? eq(calendarEvents.casoId, period.casoId) : undefined,
          period.clienteId ? eq(calendarEvents.clienteId, period.clienteId) : undefined,
          ofCases(period.casoIds),
        ),
      )
        .orderBy(asc(calendarEvents.fechaInicio), asc(calendarEvents.id))
        .limit(limit);
    },

    /** Events not over at `now` (still going or yet to start), by start. */
    notOver(userId: string, now: Date, filter: { casoId?: string; clienteId?: string; casoIds?: string[] }, limit: number): Promise<EventWithNames[]> {
      return selectEvents(
        userId,
        and(
          gt(calendarEvents.fechaFin, now),
          mayOverlapFrom(now),
          filter.casoId ? eq(calendarEvents.casoId, filter.casoId) : undefined,
          filter.clienteId ? eq(calendarEvents.clienteId, filter.clienteId) : undefined,
          ofCases(filter.casoIds),
        ),
      )
        .orderBy(asc(calendarEvents.fechaInicio), asc(calendarEvents.id))
        .limit(limit);
    },

    /** How many events start in each of two periods, in one query. */
    async countStarting(userId: string, first: { from: Date; to: Date }, second: { from: Date; to: Date }): Promise<[number, number]> {
      const [row] = await db
        .select({
          first: sql<number>`count(*) filter (where ${calendarEvents.fechaInicio} >= ${first.from.toISOString()}::timestamptz and ${calendarEvents.fechaInicio} < ${first.to.toISOString()}::timestamptz)::int`,
          second: sql<number>`count(*) filter (where ${calendarEvents.fechaInicio} >= ${second.from.toISOString()}::timestamptz and ${calendarEvents.fechaInicio} < ${second.to.toISOString()}::timestamptz)::int`,
        })
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.userId, userId),
            gte(calendarEvents.fechaInicio, first.from < second.from ? first.from : second.from),
            lt(calendarEvents.fechaInicio, first.to > second.to ? first.to : second.to),
          ),
        );
      return [Number(row?.first ?? 0), Number(row?.second ?? 0)];
    },

    async insert(tx: Transaction, userId: string, values: EventValues): Promise<EventRow> {
      const [row] = await tx
        .insert(calendarEvents)
        .values({ userId, ...values })
        .returning();
      return row!;
    },

    async update(tx: Transaction, userId: string, id: string, values: Partial<EventValues>): Promise<EventRow> {
      const [row] = await tx
        .update(calendarEvents)
        .set(values)
        .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
        .returning();
      return row!;
    },

    /** Deletes an event; its Google copy, if the lawyer is still connected, waits in google_deletions for the next push. */
    async delete(tx: Transaction, userId: string, row: Pick<EventRow, 'id' | 'googleEventId' | 'googleUpdated'>): Promise<void> {
      await tx.delete(calendarEvents).where(and(eq(calendarEvents.id, row.id), eq(calendarEvents.userId, userId)));
      if (!row.googleEventId || !row.googleUpdated) return;
      const [connected] = await tx.select({ userId: googleCalendarTokens.userId }).from(googleCalendarTokens).where(eq(googleCalendarTokens.userId, userId)).limit(1);
      if (connected) await tx.insert(googleDeletions).values({ userId, googleEventId: row.googleEventId }).onConflictDoNothing();
    },

    async replaceTags(tx: Transaction | Database, userId: string, eventId: string, tagIds: string[]) {
      await tx.delete(eventTags).where(and(eq(eventTags.eventId, eventId), eq(eventTags.userId, userId)));
      if (tagIds.length) await tx.insert(eventTags).values(tagIds.map((tagId) => ({ eventId, tagId, userId })));
    },
  };
}

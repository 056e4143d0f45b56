import type { Evento, EventoSaveOutput } from '@bufete/shared';
import { addDays, instantIn, LIMITS, todayIn } from '@bufete/shared';
import { and, asc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { CaseService } from '../cases/service';
import { casos } from '../cases/schema';
import type { ClientService } from '../clients/service';
import { clientes } from '../clients/schema';
import type { ProfileService } from '../profile/service';
import type { TagService } from '../tags/service';
import { tags } from '../tags/schema';
import { POPUP_JOB, REMINDER_JOB } from './jobs';
import { calendarEvents, eventTags, googleCalendarTokens, googleDeletions } from './schema';

export type EventRow = typeof calendarEvents.$inferSelect;
const DAY_MS = 86_400_000;
/** Events longer than this are flagged `larga` and read through their own index (see schema). */
const SHORT_EVENT_DAYS = 31;

export interface CalendarServiceDeps {
  cases: CaseService;
  clients: ClientService;
  tags: TagService;
  profiles: ProfileService;
  queue: JobQueue;
}

/**
 * Appointments (the spec's calendar, in Bufete's own database): read by
 * period with an index, written with their case, client and tags checked
 * against the signed-in lawyer, and email reminders sent by the queue once.
 * Google sync listens to every change (`onChange`) and pushes it.
 */
export function createCalendarService(db: Database, deps: CalendarServiceDeps) {
  const listeners: ((userId: string) => void)[] = [];
  const changed = (userId: string) => {
    for (const listener of listeners) listener(userId);
  };

  /** The wire shape of some rows: their case, client and tags in two queries, whatever their number. */
  async function toEventos(userId: string, rows: { event: EventRow; casoTitulo: string | null; clienteNombre: string | null }[]): Promise<Evento[]> {
    const ids = rows.map((row) => row.event.id);
    const tagRows = ids.length
      ? await db
          .select({ eventId: eventTags.eventId, id: tags.id, nombre: tags.nombre, color: tags.color })
          .from(eventTags)
          .innerJoin(tags, eq(tags.id, eventTags.tagId))
          .where(and(eq(eventTags.userId, userId), inArray(eventTags.eventId, ids)))
          .orderBy(asc(sql`lower(${tags.nombre})`))
      : [];
    const tagsOf = new Map<string, Evento['etiquetas']>();
    for (const tag of tagRows) tagsOf.set(tag.eventId, [...(tagsOf.get(tag.eventId) ?? []), { id: tag.id, nombre: tag.nombre, color: tag.color }]);
    return rows.map(({ event, casoTitulo, clienteNombre }) => ({
      id: event.id,
      titulo: event.titulo,
      descripcion: event.descripcion,
      ubicacion: event.ubicacion,
      inicio: event.fechaInicio.toISOString(),
      fin: event.fechaFin.toISOString(),
      recordatorio_email: event.recordatorioEmail,
      recordatorio_popup: event.recordatorioPopup,
      audiencia: event.audiencia,
      caso: event.casoId && casoTitulo !== null ? { id: event.casoId, titulo: casoTitulo } : null,
      cliente: event.clienteId && clienteNombre !== null ? { id: event.clienteId, nombre: clienteNombre } : null,
      etiquetas: tagsOf.get(event.id) ?? [],
      origen: event.origen,
      sincronizado: event.isSyncedWithGoogle,
      google_url: event.googleHtmlLink,
      created_at: event.createdAt.toISOString(),
      updated_at: event.updatedAt.toISOString(),
    }));
  }

  /** Events with their case's title and client's name (joined within the same owner). */
  /** The appointments of one day on the lawyer's clock (the daily summary). */
  async function dayAgenda(userId: string, day: string, timeZone: string) {
    const start = instantIn(day, '00:00', timeZone);
    const end = instantIn(addDays(day, 1), '00:00', timeZone);
    const rows = await selectEvents(userId, and(lt(calendarEvents.fechaInicio, end), gt(calendarEvents.fechaFin, start)))
      .orderBy(asc(calendarEvents.fechaInicio))
      .limit(50);
    return rows.map(({ event }) => ({ inicio: event.fechaInicio, titulo: event.titulo, ubicacion: event.ubicacion }));
  }

  function selectEvents(userId: string, where: SQL | undefined) {
    return db
      .select({ event: calendarEvents, casoTitulo: casos.titulo, clienteNombre: clientes.nombre })
      .from(calendarEvents)
      .leftJoin(casos, and(eq(casos.id, calendarEvents.casoId), eq(casos.userId, calendarEvents.userId)))
      .leftJoin(clientes, and(eq(clientes.id, calendarEvents.clienteId), eq(clientes.userId, calendarEvents.userId)))
      .where(and(eq(calendarEvents.userId, userId), where));
  }

  async function ownRow(userId: string, id: string): Promise<EventRow> {
    const [row] = await db.select().from(calendarEvents).where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId))).limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function one(userId: string, id: string): Promise<Evento> {
    const rows = await selectEvents(userId, eq(calendarEvents.id, id)).limit(1);
    if (!rows[0]) throw notFound();
    return (await toEventos(userId, rows))[0]!;
  }

  /** A case, client or tag of someone else cannot be linked: 404, as if it did not exist. */
  async function assertLinksOwned(userId: string, input: EventoSaveOutput) {
    if (input.caso_id) await deps.cases.assertOwned(userId, input.caso_id);
    if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
    await deps.tags.assertOwned(userId, input.etiquetas);
  }

  async function replaceTags(tx: Transaction | Database, userId: string, eventId: string, tagIds: string[]) {
    await tx.delete(eventTags).where(and(eq(eventTags.eventId, eventId), eq(eventTags.userId, userId)));
    if (tagIds.length) await tx.insert(eventTags).values(tagIds.map((tagId) => ({ eventId, tagId, userId })));
  }

  /** The email reminder of this version of the event, as a job at start − N minutes (or now, if that has passed). */
  async function scheduleReminder(tx: Transaction | Database, event: Pick<EventRow, 'id' | 'fechaInicio' | 'recordatorioEmail' | 'recordatorioPopup' | 'origen'>) {
    if (event.recordatorioPopup && event.fechaInicio.getTime() > Date.now()) {
      const inicio = event.fechaInicio.toISOString();
      await deps.queue.enqueue(
        POPUP_JOB,
        { eventId: event.id, inicio, minutos: event.recordatorioPopup },
        {
          runAt: new Date(Math.max(Date.now(), event.fechaInicio.getTime() - event.recordatorioPopup * 60_000)),
          executor: tx,
          dedupeKey: `calendar-popup:${event.id}:${inicio}:${event.recordatorioPopup}`,
        },
      );
    }
    // Google sends its own reminders for the events that came from it.
    if (!event.recordatorioEmail || event.origen !== 'bufete') return;
    const start = event.fechaInicio.getTime();
    if (start <= Date.now()) return;
    const runAt = new Date(Math.max(Date.now(), start - event.recordatorioEmail * 60_000));
    const inicio = event.fechaInicio.toISOString();
    await deps.queue.enqueue(
      REMINDER_JOB,
      { eventId: event.id, inicio, minutos: event.recordatorioEmail },
      { runAt, executor: tx, dedupeKey: `calendar-reminder:${event.id}:${inicio}:${event.recordatorioEmail}` },
    );
  }

  const fields = (input: EventoSaveOutput) => ({
    titulo: input.titulo,
    descripcion: input.descripcion,
    ubicacion: input.ubicacion,
    fechaInicio: new Date(input.inicio),
    fechaFin: new Date(input.fin),
    recordatorioEmail: input.recordatorio_email,
    recordatorioPopup: input.recordatorio_popup,
    audiencia: input.audiencia,
    casoId: input.caso_id,
    clienteId: input.cliente_id,
  });

  return {
    /** Called after every change of a lawyer's appointments (Google sync pushes them). */
    onChange(listener: (userId: string) => void) {
      listeners.push(listener);
    },

    /** Events overlapping [desde, hasta), by start: at most 2,000 (a month of 500 is one request). */
    async range(userId: string, query: { desde: string; hasta: string; caso_id?: string; cliente_id?: string }): Promise<Evento[]> {
      const desde = new Date(query.desde);
      const hasta = new Date(query.hasta);
      const overlaps = and(lt(calendarEvents.fechaInicio, hasta), gt(calendarEvents.fechaFin, desde));
      const rows = await selectEvents(
        userId,
        and(
          overlaps,
          // Short events start at most 31 days before the period; the long ones are few and indexed apart.
          or(gte(calendarEvents.fechaInicio, new Date(desde.getTime() - SHORT_EVENT_DAYS * DAY_MS)), eq(calendarEvents.larga, true)),
          query.caso_id ? eq(calendarEvents.casoId, query.caso_id) : undefined,
          query.cliente_id ? eq(calendarEvents.clienteId, query.cliente_id) : undefined,
        ),
      )
        .orderBy(asc(calendarEvents.fechaInicio), asc(calendarEvents.id))
        .limit(LIMITS.calendarRangeMax);
      return toEventos(userId, rows);
    },

    /** The next 10 from now (still going or yet to start), optionally for one case or client. */
    async upcoming(userId: string, query: { caso_id?: string; cliente_id?: string }, now = new Date()): Promise<Evento[]> {
      const rows = await selectEvents(
        userId,
        and(
          gt(calendarEvents.fechaFin, now),
          // The index starts near now: short events began at most 31 days ago, the long ones are indexed apart.
          or(gte(calendarEvents.fechaInicio, new Date(now.getTime() - SHORT_EVENT_DAYS * DAY_MS)), eq(calendarEvents.larga, true)),
          query.caso_id ? eq(calendarEvents.casoId, query.caso_id) : undefined,
          query.cliente_id ? eq(calendarEvents.clienteId, query.cliente_id) : undefined,
        ),
      )
        .orderBy(asc(calendarEvents.fechaInicio), asc(calendarEvents.id))
        .limit(LIMITS.calendarUpcoming);
      return toEventos(userId, rows);
    },

    /** Events this month (the lawyer's month) and in the next 7 days: one query. */
    async summary(userId: string, now = new Date()): Promise<{ este_mes: number; proximos_7_dias: number }> {
      const timeZone = await deps.profiles.timeZoneOf(userId);
      const today = todayIn(timeZone, now);
      const firstDay = `${today.slice(0, 8)}01`;
      const nextMonth = addDays(firstDay, 32).slice(0, 8) + '01';
      const monthStart = instantIn(firstDay, '00:00', timeZone);
      const monthEnd = instantIn(nextMonth, '00:00', timeZone);
      const weekEnd = new Date(now.getTime() + LIMITS.calendarNextDays * DAY_MS);
      const [row] = await db
        .select({
          mes: sql<number>`count(*) filter (where ${calendarEvents.fechaInicio} >= ${monthStart.toISOString()}::timestamptz and ${calendarEvents.fechaInicio} < ${monthEnd.toISOString()}::timestamptz)::int`,
          semana: sql<number>`count(*) filter (where ${calendarEvents.fechaInicio} >= ${now.toISOString()}::timestamptz and ${calendarEvents.fechaInicio} < ${weekEnd.toISOString()}::timestamptz)::int`,
        })
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.userId, userId),
            gte(calendarEvents.fechaInicio, monthStart < now ? monthStart : now),
            lt(calendarEvents.fechaInicio, monthEnd > weekEnd ? monthEnd : weekEnd),
          ),
        );
      return { este_mes: Number(row?.mes ?? 0), proximos_7_dias: Number(row?.semana ?? 0) };
    },

    get: one,

    async create(userId: string, input: EventoSaveOutput): Promise<Evento> {
      await assertLinksOwned(userId, input);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(calendarEvents).values({ userId, ...fields(input), origen: 'bufete' }).returning();
        await replaceTags(tx, userId, row!.id, input.etiquetas);
        await scheduleReminder(tx, row!);
        return row!.id;
      });
      changed(userId);
      return one(userId, id);
    },

    async update(userId: string, id: string, input: EventoSaveOutput): Promise<Evento> {
      await ownRow(userId, id);
      await assertLinksOwned(userId, input);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(calendarEvents)
          .set({ ...fields(input), isSyncedWithGoogle: false, updatedAt: new Date() })
          .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
          .returning();
        await replaceTags(tx, userId, id, input.etiquetas);
        // The reminder of the old time finds the event moved and does nothing.
        await scheduleReminder(tx, row!);
      });
      changed(userId);
      return one(userId, id);
    },

    /** Deleted here; when Google has a copy, it is deleted there by the next push. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await ownRow(userId, id);
      await db.transaction(async (tx) => {
        await tx.delete(calendarEvents).where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)));
        if (row.googleEventId && row.googleUpdated) {
          const [connected] = await tx.select({ userId: googleCalendarTokens.userId }).from(googleCalendarTokens).where(eq(googleCalendarTokens.userId, userId)).limit(1);
          if (connected) await tx.insert(googleDeletions).values({ userId, googleEventId: row.googleEventId }).onConflictDoNothing();
        }
      });
      changed(userId);
    },

    /** The wire shape of rows read by the sync or the feed. */
    toEventos,
    selectEvents,
    dayAgenda,
    replaceTags,
    scheduleReminder,
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

import type { Evento, EventoSaveOutput } from '@bufete/shared';
import { addDays, diaMx, instantIn, LIMITS, todayIn, wallClockIn } from '@bufete/shared';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { type HistoryService, changesOf } from '../history/service';
import type { CaseService } from '../cases/service';
import type { ClientService } from '../clients/service';
import type { ProfileService } from '../profile/service';
import type { TagService } from '../tags/service';
import { type EventRow, type EventWithNames, toEvento } from './mappers';
import { createCalendarQueries } from './queries';
import { calendarEvents } from './schema';
import { personaQuePregunta } from '../../http/case-scope';

// The jobs this service enqueues, named here; jobs.ts registers their handlers.
/** The email reminder of an appointment, to the lawyer: at start − N minutes. */
export const REMINDER_JOB = 'calendar.reminder';
/** The on-screen reminder, also kept in the bell: at start − N minutes. */
export const POPUP_JOB = 'calendar.popup';

export type { EventRow } from './mappers';
const DAY_MS = 86_400_000;

export interface CalendarServiceDeps {
  cases: CaseService;
  clients: ClientService;
  tags: TagService;
  profiles: ProfileService;
  queue: JobQueue;
  history: HistoryService;
}

/** The history's names of an appointment's fields (its description named when it changes, never kept). */
const EVENT_FIELDS = {
  titulo: 'Título',
  descripcion: 'Descripción',
  ubicacion: 'Lugar',
  inicio: 'Inicio',
  fin: 'Fin',
  audiencia: 'Audiencia',
  caso: 'Caso',
  cliente: 'Cliente',
} as const;

/**
 * Appointments (the spec's calendar, in Bufete's own database): read by
 * period with an index, written with their case, client and tags checked
 * against the signed-in lawyer, and email reminders sent by the queue once.
 * Google sync listens to every change (`onChange`) and pushes it.
 */
export function createCalendarService(db: Database, deps: CalendarServiceDeps) {
  const queries = createCalendarQueries(db);

  /** An appointment as its history compares it: times as the lawyer reads them, in their zone. */
  async function eventAsRecorded(userId: string, evento: Evento) {
    const timeZone = await deps.profiles.timeZoneOf(userId);
    const when = (instant: string) => {
      const { day, time } = wallClockIn(new Date(instant), timeZone);
      return `${diaMx(day)} ${time}`;
    };
    return { ...evento, inicio: when(evento.inicio), fin: when(evento.fin), caso: evento.caso?.titulo ?? null, cliente: evento.cliente?.nombre ?? null };
  }
  const record = (userId: string, accion: string, evento: Evento, resumen: string, cambios?: ReturnType<typeof changesOf>) =>
    deps.history.record(db, userId, { accion, entidad: 'cita', entidadId: evento.id, casoId: evento.caso?.id ?? null, resumen, cambios });
  const listeners: ((userId: string) => void)[] = [];
  const changed = (userId: string) => {
    for (const listener of listeners) listener(userId);
  };

  /** The wire shape of some rows: their case, client and tags in two queries, whatever their number. */
  async function toEventos(userId: string, rows: EventWithNames[]): Promise<Evento[]> {
    const tagsOf = await queries.tagsOf(
      userId,
      rows.map((row) => row.event.id),
    );
    return rows.map((row) => toEvento(row, tagsOf.get(row.event.id) ?? []));
  }

  /** The appointments of one day on the lawyer's clock (the daily summary). */
  async function dayAgenda(userId: string, day: string, timeZone: string) {
    const start = instantIn(day, '00:00', timeZone);
    const end = instantIn(addDays(day, 1), '00:00', timeZone);
    const rows = await queries
      .selectEvents(userId, and(lt(calendarEvents.fechaInicio, end), gt(calendarEvents.fechaFin, start)))
      .orderBy(asc(calendarEvents.fechaInicio))
      .limit(50);
    return rows.map(({ event }) => ({ inicio: event.fechaInicio, titulo: event.titulo, ubicacion: event.ubicacion }));
  }

  /** 'Míos': the cases the person who asks works on (responsible or assigned); undefined: every appointment. */
  const misCasos = async (userId: string, mios: '0' | '1' | undefined) => (mios === '1' ? await deps.cases.casosDeLaPersona(userId, personaQuePregunta() ?? userId) : undefined);

  async function ownRow(userId: string, id: string): Promise<EventRow> {
    const row = await queries.row(userId, id);
    if (!row) throw notFound();
    return row;
  }

  async function one(userId: string, id: string): Promise<Evento> {
    const row = await queries.withNames(userId, id);
    if (!row) throw notFound();
    return (await toEventos(userId, [row]))[0]!;
  }

  /** A case, client or tag of someone else cannot be linked: 404, as if it did not exist. */
  async function assertLinksOwned(userId: string, input: EventoSaveOutput) {
    if (input.caso_id) await deps.cases.assertOwned(userId, input.caso_id);
    if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
    await deps.tags.assertOwned(userId, input.etiquetas);
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
    async range(userId: string, query: { desde: string; hasta: string; caso_id?: string; cliente_id?: string; mios?: '0' | '1' }): Promise<Evento[]> {
      const casoIds = await misCasos(userId, query.mios);
      const rows = await queries.overlapping(
        userId,
        { from: new Date(query.desde), to: new Date(query.hasta), casoId: query.caso_id, clienteId: query.cliente_id, casoIds },
        LIMITS.calendarRangeMax,
      );
      return toEventos(userId, rows);
    },

    /** Every appointment with a client, oldest first, up to `max` (a client's own data, for an access request). */
    async ofClient(userId: string, clienteId: string, max = 5000): Promise<Evento[]> {
      const rows = await queries.selectEvents(userId, eq(calendarEvents.clienteId, clienteId)).orderBy(asc(calendarEvents.fechaInicio)).limit(max);
      return toEventos(userId, rows);
    },

    /** The next 10 from now (still going or yet to start), optionally for one case or client. */
    async upcoming(userId: string, query: { caso_id?: string; cliente_id?: string; mios?: '0' | '1' }, now = new Date()): Promise<Evento[]> {
      const casoIds = await misCasos(userId, query.mios);
      const rows = await queries.notOver(userId, now, { casoId: query.caso_id, clienteId: query.cliente_id, casoIds }, LIMITS.calendarUpcoming);
      return toEventos(userId, rows);
    },

    /** Events this month (the lawyer's month) and in the next 7 days: one query. */
    async summary(userId: string, now = new Date()): Promise<{ este_mes: number; proximos_7_dias: number }> {
      const timeZone = await deps.profiles.timeZoneOf(userId);
      const today = todayIn(timeZone, now);
      const firstDay = `${today.slice(0, 8)}01`;
      const nextMonth = addDays(firstDay, 32).slice(0, 8) + '01';
      const month = { from: instantIn(firstDay, '00:00', timeZone), to: instantIn(nextMonth, '00:00', timeZone) };
      const week = { from: now, to: new Date(now.getTime() + LIMITS.calendarNextDays * DAY_MS) };
      const [esteMes, proximos] = await queries.countStarting(userId, month, week);
      return { este_mes: esteMes, proximos_7_dias: proximos };
    },

    get: one,

    async create(userId: string, input: EventoSaveOutput): Promise<Evento> {
      await assertLinksOwned(userId, input);
      const id = await db.transaction(async (tx) => {
        const row = await queries.insert(tx, userId, { ...fields(input), origen: 'bufete' });
        await queries.replaceTags(tx, userId, row.id, input.etiquetas);
        await scheduleReminder(tx, row);
        return row.id;
      });
      changed(userId);
      const evento = await one(userId, id);
      await record(userId, 'crear', evento, `Cita «${evento.titulo.slice(0, 150)}» creada`, changesOf(null, await eventAsRecorded(userId, evento), EVENT_FIELDS, ['descripcion']));
      return evento;
    },

    async update(userId: string, id: string, input: EventoSaveOutput): Promise<Evento> {
      await ownRow(userId, id);
      await assertLinksOwned(userId, input);
      const before = await one(userId, id);
      await db.transaction(async (tx) => {
        const row = await queries.update(tx, userId, id, { ...fields(input), isSyncedWithGoogle: false, updatedAt: new Date() });
        await queries.replaceTags(tx, userId, id, input.etiquetas);
        // The reminder of the old time finds the event moved and does nothing.
        await scheduleReminder(tx, row);
      });
      changed(userId);
      const after = await one(userId, id);
      const cambios = changesOf(await eventAsRecorded(userId, before), await eventAsRecorded(userId, after), EVENT_FIELDS, ['descripcion']);
      if (cambios.length) await record(userId, 'editar', after, `Cita «${after.titulo.slice(0, 150)}» editada`, cambios);
      return after;
    },

    /** Deleted here; when Google has a copy, it is deleted there by the next push. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await ownRow(userId, id);
      const evento = await one(userId, id);
      await db.transaction((tx) => queries.delete(tx, userId, row));
      changed(userId);
      await record(userId, 'eliminar', evento, `Cita «${evento.titulo.slice(0, 150)}» eliminada`);
    },

    /** The wire shape of rows read by the sync or the feed. */
    toEventos,
    selectEvents: queries.selectEvents,
    dayAgenda,
    replaceTags: queries.replaceTags,
    scheduleReminder,
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { HeldElsewhereError, holding } from '../../jobs/lease';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { appointmentReminderEmail } from '../../mail/templates';
import { casos } from '../cases/schema';
import type { Notice } from '../notifications/service';
import type { ProfileService } from '../profile/service';
import { calendarEvents, eventRemindersSent } from './schema';
import { POPUP_JOB, REMINDER_JOB, type EventRow } from './service';

/** 'en 15 minutos', 'en 1 hora', 'en 2 días': how far the start is when the reminder leaves. */
function inAdvance(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'en 1 día' : `en ${minutes / 1440} días`;
  if (minutes % 60 === 0) return minutes === 60 ? 'en 1 hora' : `en ${minutes / 60} horas`;
  return `en ${minutes} minutos`;
}

export interface CalendarJobsDeps {
  queue: JobQueue;
  profiles: ProfileService;
  mailer: Mailer;
  appUrl: string;
  /** How long a reminder's claim holds without renewal before another process takes it back (the queue's lease). */
  leaseMs: number;
  /** Tells the lawyer's bell that an appointment starts soon. */
  notify: (userId: string, notice: Notice) => Promise<void>;
}

/**
 * The appointments' reminders (scheduled by the service when an appointment
 * is saved), registered by the composition root: the on-screen one kept in
 * the bell, and the email, claimed once across processes and sent again if
 * its process died mid-send.
 */
export function registerCalendarJobs(db: Database, deps: CalendarJobsDeps) {
  /**
   * The event a reminder job was made for, if that reminder is still the right
   * one: not moved, not deleted, its reminder unchanged (`sameReminder`), not
   * started yet. Otherwise null, and the job does nothing.
   */
  async function stillDue(eventId: string, inicio: string, sameReminder: (row: EventRow) => boolean): Promise<EventRow | null> {
    const [event] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, eventId)).limit(1);
    if (!event || event.fechaInicio.toISOString() !== inicio || !sameReminder(event) || event.fechaInicio.getTime() <= Date.now()) return null;
    return event;
  }

  deps.queue.register<{ eventId: string; inicio: string; minutos: number }>(POPUP_JOB, {
    maxAttempts: 3,
    retryBaseMs: 10_000,
    async handle({ eventId, inicio, minutos }) {
      const event = await stillDue(eventId, inicio, (row) => row.recordatorioPopup === minutos);
      if (!event) return;
      const timeZone = await deps.profiles.timeZoneOf(event.userId);
      const hora = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(event.fechaInicio);
      const dia = new Intl.DateTimeFormat('en-CA', { timeZone }).format(event.fechaInicio);
      await deps.notify(event.userId, {
        tipo: 'cita_proxima',
        titulo: `${event.titulo}: empieza ${inAdvance(minutos)}`,
        detalle: [hora, event.ubicacion].filter(Boolean).join(' · '),
        enlace: `/calendario?vista=semana&fecha=${dia}`,
        clave: `cita:${event.id}:${inicio}:${minutos}`,
      });
    },
  });

  deps.queue.register<{ eventId: string; inicio: string; minutos: number }>(REMINDER_JOB, {
    maxAttempts: 5,
    retryBaseMs: 30_000,
    async handle({ eventId, inicio, minutos }) {
      const event = await stillDue(eventId, inicio, (row) => row.recordatorioEmail === minutos);
      if (!event) return;
      // Claimed once across every process; a claim whose process died (no longer renewed) is taken back.
      const sameKey = and(eq(eventRemindersSent.eventId, eventId), eq(eventRemindersSent.fechaInicio, event.fechaInicio), eq(eventRemindersSent.minutos, minutos));
      const claimed = await db
        .insert(eventRemindersSent)
        .values({ eventId, fechaInicio: event.fechaInicio, minutos })
        .onConflictDoUpdate({
          target: [eventRemindersSent.eventId, eventRemindersSent.fechaInicio, eventRemindersSent.minutos],
          set: { claimedAt: sql`now()` },
          setWhere: sql`${eventRemindersSent.sentAt} is null and ${eventRemindersSent.claimedAt} < now() - make_interval(secs => ${deps.leaseMs / 1000})`,
        })
        .returning();
      if (claimed.length === 0) {
        const [current] = await db.select({ sentAt: eventRemindersSent.sentAt }).from(eventRemindersSent).where(sameKey).limit(1);
        if (current && current.sentAt === null) throw new HeldElsewhereError();
        return;
      }
      try {
        const [lawyer, timeZone] = await Promise.all([deps.profiles.signature(event.userId), deps.profiles.timeZoneOf(event.userId)]);
        const [caso] = event.casoId ? await db.select({ titulo: casos.titulo }).from(casos).where(eq(casos.id, event.casoId)).limit(1) : [];
        const cuando = new Intl.DateTimeFormat('es-MX', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(event.fechaInicio);
        const mail = appointmentReminderEmail({
          nombre: lawyer.nombre,
          titulo: event.titulo,
          cuando,
          faltan: inAdvance(minutos),
          ubicacion: event.ubicacion,
          caso: caso?.titulo ?? null,
          link: `${deps.appUrl}/calendario`,
        });
        await holding(
          deps.leaseMs,
          () =>
            db
              .update(eventRemindersSent)
              .set({ claimedAt: sql`now()` })
              .where(and(sameKey, isNull(eventRemindersSent.sentAt))),
          () => deps.mailer.send({ to: lawyer.email, ...mail, messageId: deps.mailer.messageId(`cita.${eventId}.${event.fechaInicio.getTime()}.${minutos}`) }),
        );
        await db
          .update(eventRemindersSent)
          .set({ sentAt: sql`now()` })
          .where(sameKey);
      } catch (error) {
        // Not sent: let the retry claim it again.
        await db.delete(eventRemindersSent).where(and(sameKey, isNull(eventRemindersSent.sentAt)));
        throw error;
      }
    },
  });
}

import type { Database } from '../../db/client';
import { holding } from '../../jobs/lease';
import type { JobQueue } from '../../jobs/queue';
import { errorCodeOf, type Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { dailySummaryEmail } from '../../mail/templates';
import type { ProfileService } from '../profile/service';
import { createNotificationQueries } from './queries';
import { NOTIFY_JOB, type Notice, type NotificationService } from './service';

export const DAILY_SUMMARY_JOB = 'notifications.daily-summary';
/** The summary goes out from this hour of the lawyer's morning. */
export const SUMMARY_HOUR = 7;
/** Lawyers whose summary one pass sends at most (the next pass, 15 minutes later, takes the rest). */
const SUMMARY_BATCH = 200;

/** What the daily summary lists, read from the modules that own it. */
export interface SummarySources {
  appointments(userId: string, day: string, timeZone: string): Promise<{ inicio: Date; titulo: string; ubicacion: string | null }[]>;
  overdueInvoices(userId: string): Promise<{ numero: string; cliente: string | null; total: string; vencio: string }[]>;
}

export interface NotificationJobsDeps {
  queue: JobQueue;
  notifications: NotificationService;
  mailer: Mailer;
  profiles: ProfileService;
  logger: Logger;
  appUrl: string;
  /** How long a summary's claim holds without renewal before another process takes it back (the queue's lease). */
  leaseMs: number;
  summary: SummarySources;
}

/**
 * The bell's background work, registered by the composition root once the
 * modules the summary reads exist: notices told through the queue, and the
 * daily summary email (every 15 minutes, each lawyer who asked for it once a
 * day, after 7:00 on their clock). Returns the summary pass (tests run it).
 */
export function registerNotificationJobs(db: Database, deps: NotificationJobsDeps) {
  const queries = createNotificationQueries(db, { leaseMs: deps.leaseMs });

  deps.queue.register<{ userId: string; notice: Notice }>(NOTIFY_JOB, {
    maxAttempts: 5,
    retryBaseMs: 10_000,
    handle: ({ userId, notice }) => deps.notifications.create(userId, notice),
  });

  async function sendDailySummaries(now = new Date()): Promise<number> {
    let sent = 0;
    for (const row of await queries.dueSummaries(now, SUMMARY_HOUR, SUMMARY_BATCH)) {
      if (!(await queries.claimSummary(row.user_id, row.dia))) continue;
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
          () => queries.renewSummary(row.user_id, row.dia),
          () => deps.mailer.send({ to: lawyer.email, ...mail, messageId: deps.mailer.messageId(`resumen.${row.user_id}.${row.dia}`) }),
        );
        await queries.summarySent(row.user_id, row.dia);
        sent += 1;
      } catch (error) {
        await queries.releaseSummary(row.user_id, row.dia);
        deps.logger.warn(`No se pudo enviar el resumen diario de ${row.user_id} (${errorCodeOf(error)})`);
      }
    }
    return sent;
  }

  deps.queue.register(DAILY_SUMMARY_JOB, { maxAttempts: 1, handle: async () => void (await sendDailySummaries()) });
  deps.queue.every(DAILY_SUMMARY_JOB, 15 * 60_000);
  return { sendDailySummaries };
}

import type { Recordatorio } from '@bufete/shared';
import { MSG, type recordatorioCreateSchema } from '@bufete/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import { HeldElsewhereError, holding } from '../../jobs/lease';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { describeMailError, isPermanentMailError, type Mailer, type MailMessage } from '../../mail/mailer';
import { clientMessageEmail } from '../../mail/templates';
import type { ClientService } from '../clients/service';
import type { Notice } from '../notifications/service';
import type { ProfileService } from '../profile/service';
import { type ReminderRow as Row, toRecordatorio } from './mappers';
import { createReminderQueries } from './queries';

/** A scheduled time this close to now (clock skew, form latency) counts as "now". */
const PAST_TOLERANCE_MS = 60_000;
export const SEND_JOB = 'reminders.send';

export interface ReminderServiceDeps {
  clients: ClientService;
  profiles: ProfileService;
  mailer: Mailer;
  queue: JobQueue;
  logger: Logger;
  /** Emails a user may send to clients, per hour and per day. */
  limits: { hourly: number; daily: number };
  /** Retries of an email that did not go out. */
  retry: { baseMs: number; maxAttempts: number };
  /** How long a 'sending' claim holds without renewal before another process takes it back (the queue's lease). */
  leaseMs: number;
  /** How long 'Enviar ahora' waits for the mail server before leaving the email to the queue. */
  sendNowWaitMs: number;
  /** Tells the lawyer's bell (notifications) how a scheduled email ended. */
  notify: (userId: string, notice: Notice) => Promise<void>;
}

/** A file sent along, as the job keeps it (a receipt PDF: tens of kilobytes). */
interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

interface SendJob {
  id: string;
  adjuntos?: StoredAttachment[];
}

/**
 * Emails to clients (the send-email-reminder function of the spec). Every
 * email is a 'reminders.send' job of the queue, due at its scheduled time;
 * "send now" runs its job in the request and waits at most `sendNowWaitMs`
 * for the mail server, and the job stays behind as the fallback (due one
 * lease later) if this process dies first. The row goes pending → sending →
 * sent; 'sending' is a claim renewed while the mail server talks, taken back
 * once it is older than the lease (its process died), so a crash mid-send
 * sends the email again — with the same Message-ID — instead of losing it.
 * Failures are retried with back-off; a refusal no retry can mend (a 5xx)
 * and the last retry end 'failed', with a notice in the bell.
 */
export function createReminderService(db: Database, deps: ReminderServiceDeps) {
  /** Emails a request is waiting for right now (in this process): their outcome is told on screen, not in the bell. */
  const awaitedByRequest = new Set<string>();
  const queries = createReminderQueries(db, { leaseMs: deps.leaseMs });

  /** Sends one email. */
  async function sendMail(row: Row, attachments?: MailMessage['attachments']): Promise<void> {
    const lawyer = await deps.profiles.signature(row.userId);
    const mail = clientMessageEmail({ subject: row.subject, message: row.message, lawyerName: lawyer.nombre, especialidad: lawyer.especialidad, lawyerEmail: lawyer.email });
    // The sender shows who wrote it and through what: the address stays the firm's.
    await deps.mailer.send({
      to: row.toEmail,
      ...mail,
      fromName: `${lawyer.nombre} (vía Bufete)`,
      replyTo: lawyer.email,
      attachments,
      messageId: deps.mailer.messageId(`recordatorio.${row.id}`),
    });
  }

  deps.queue.register<SendJob>(SEND_JOB, {
    maxAttempts: deps.retry.maxAttempts,
    retryBaseMs: deps.retry.baseMs,
    isPermanent: isPermanentMailError,
    async handle({ id, adjuntos }) {
      const row = await queries.claim(id);
      if (!row) {
        // Sent, cancelled, failed or gone: nothing to do. Still being sent by a live process: look again later.
        if ((await queries.status(id)) === 'sending') throw new HeldElsewhereError();
        return;
      }
      const attachments = adjuntos?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.base64, 'base64') }));
      try {
        // The claim is renewed while the mail server talks, however slow it is.
        await holding(
          deps.leaseMs,
          () => queries.renewClaim(id),
          () => sendMail(row, attachments),
        );
      } catch (error) {
        await queries.releaseClaim(id, describeMailError(error));
        throw error;
      }
      await queries.markSent(id);
      if (awaitedByRequest.has(id)) return;
      await deps.notify(row.userId, {
        tipo: 'correo_enviado',
        titulo: `Correo enviado: ${row.subject}`,
        detalle: `Para ${row.toEmail}`,
        enlace: `/clientes/${row.clienteId}`,
        clave: `correo-enviado:${id}`,
      });
    },
    async onGiveUp({ id }, error) {
      const row = await queries.markFailed(id, describeMailError(error));
      if (row && !awaitedByRequest.has(id)) {
        await deps.notify(row.userId, {
          tipo: 'correo_fallido',
          titulo: `No se pudo enviar: ${row.subject}`,
          detalle: `Para ${row.toEmail}. Revisa la dirección y vuelve a intentarlo.`,
          enlace: `/clientes/${row.clienteId}`,
          clave: `correo-fallido:${id}`,
        });
      }
    },
  });

  const service = {
    /**
     * Without scheduled_for the email goes out now (and the reply says whether
     * it did); with it, a job sends it when due. Both count against the user's
     * hourly and daily limits, decided under one per-user lock.
     */
    async send(
      userId: string,
      input: z.output<typeof recordatorioCreateSchema>,
      attachments?: MailMessage['attachments'],
    ): Promise<{ message: string; recordatorio: Recordatorio; enviado: boolean }> {
      const cliente = await deps.clients.assertOwned(userId, input.cliente_id);
      if (!cliente.email) throw appError('VALIDATION_ERROR', MSG.reminders.clienteSinEmail);
      const now = Date.now();
      const scheduledFor = input.scheduled_for ? new Date(input.scheduled_for) : null;
      if (scheduledFor && scheduledFor.getTime() < now - PAST_TOLERANCE_MS) {
        throw appError('VALIDATION_ERROR', MSG.reminders.fechaPasada, 'scheduled_for');
      }
      const scheduled = scheduledFor && scheduledFor.getTime() > now ? scheduledFor : null;
      const toEmail = cliente.email;
      const { row, jobId } = await db.transaction(async (tx) => {
        const used = await queries.lockAndCount(tx, userId);
        if (used.hour >= deps.limits.hourly) throw appError('RATE_LIMITED', MSG.reminders.limiteHora(deps.limits.hourly));
        if (used.day >= deps.limits.daily) throw appError('RATE_LIMITED', MSG.reminders.limiteDia(deps.limits.daily));
        const inserted = await queries.insert(tx, {
          userId,
          clienteId: cliente.id,
          toEmail,
          subject: input.subject,
          message: input.message,
          scheduledFor: scheduled ?? new Date(now),
        });
        const payload: SendJob = {
          id: inserted.id,
          adjuntos: attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, base64: file.content.toString('base64') })),
        };
        // Sent now by this request; the job is due one lease later, in case this process dies first.
        const job = await deps.queue.enqueue(SEND_JOB, payload, { runAt: scheduled ?? new Date(now + deps.leaseMs), executor: tx });
        return { row: inserted, jobId: job! };
      });
      if (scheduled) return { message: MSG.reminders.programado, recordatorio: toRecordatorio(row, cliente.nombre), enviado: false };

      awaitedByRequest.add(row.id);
      let outcome: Awaited<ReturnType<JobQueue['runNow']>>;
      try {
        outcome = await deps.queue.runNow(jobId, { deadlineMs: deps.sendNowWaitMs });
      } finally {
        awaitedByRequest.delete(row.id);
      }
      const current = await queries.row(row.id);
      if (current?.status === 'sent') return { message: MSG.reminders.enviado, recordatorio: toRecordatorio(current, cliente.nombre), enviado: true };
      if (outcome === 'failed' || current?.status === 'failed') throw appError('MAIL_FAILED', MSG.reminders.errorEnviando);
      // The mail server did not answer in time or asked to try later: the queue goes on with it.
      return { message: MSG.reminders.enCola, recordatorio: toRecordatorio(current ?? row, cliente.nombre), enviado: false };
    },

    /** The user's emails to clients, newest first, optionally for one client. */
    async list(userId: string, clienteId?: string): Promise<Recordatorio[]> {
      const rows = await queries.list(userId, clienteId, 100);
      return rows.map(({ reminder, clienteNombre }) => toRecordatorio(reminder, clienteNombre));
    },

    /** The emails to a client, removed with its data (its sending job then finds nothing and sends nothing). */
    removeForClient: (userId: string, clienteId: string) => queries.deleteForClient(userId, clienteId),

    /** Only a reminder still waiting can be cancelled; its job then finds it cancelled and sends nothing. */
    async cancel(userId: string, id: string): Promise<Recordatorio> {
      const row = await queries.cancel(userId, id);
      if (!row) {
        if (!(await queries.exists(userId, id))) throw notFound();
        throw appError('NOT_CANCELLABLE');
      }
      const cliente = await deps.clients.get(userId, row.clienteId);
      return toRecordatorio(row, cliente.nombre);
    },

    /**
     * An email to a client sent now by another module (an invoice's receipt),
     * counted and listed like any other: same limits, same history.
     */
    async sendNow(userId: string, input: { clienteId: string; subject: string; message: string; attachments?: MailMessage['attachments'] }) {
      return service.send(userId, { cliente_id: input.clienteId, subject: input.subject, message: input.message, scheduled_for: null }, input.attachments);
    },
  };
  return service;
}

export type ReminderService = ReturnType<typeof createReminderService>;

import type { Recordatorio } from '@bufete/shared';
import { MSG, type recordatorioCreateSchema } from '@bufete/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, rowsOf } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { errorCodeOf, type Logger } from '../../logger';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { clientMessageEmail } from '../../mail/templates';
import type { ClientService } from '../clients/service';
import { clientes } from '../clients/schema';
import type { Notice } from '../notifications/service';
import type { ProfileService } from '../profile/service';
import { emailReminders } from './schema';

/** A scheduled time this close to now (clock skew, form latency) counts as "now". */
const PAST_TOLERANCE_MS = 60_000;
export const SEND_JOB = 'reminders.send';

type Row = typeof emailReminders.$inferSelect;

function toRecordatorio(row: Row, clienteNombre: string): Recordatorio {
  return {
    id: row.id,
    cliente_id: row.clienteId,
    cliente: { nombre: clienteNombre },
    subject: row.subject,
    status: row.status,
    scheduled_for: row.scheduledFor.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

export interface ReminderServiceDeps {
  clients: ClientService;
  profiles: ProfileService;
  mailer: Mailer;
  queue: JobQueue;
  logger: Logger;
  /** Emails a user may send to clients, per hour and per day. */
  limits: { hourly: number; daily: number };
  /** Retries of a scheduled email that failed. */
  retry: { baseMs: number; maxAttempts: number };
  /** Tells the lawyer's bell (notifications) how a scheduled email ended. */
  notify: (userId: string, notice: Notice) => Promise<void>;
}

/**
 * Emails to clients (the send-email-reminder function of the spec): sent in
 * the request when asked for now, or by a 'reminders.send' job of the queue at
 * the scheduled time, with retries and back-off, never after a cancellation.
 */
export function createReminderService(db: Database, deps: ReminderServiceDeps) {
  /** Sends one email; the reminder row says what happened. */
  async function sendMail(row: Row, attachments?: MailMessage['attachments']): Promise<void> {
    const lawyer = await deps.profiles.signature(row.userId);
    const mail = clientMessageEmail({ subject: row.subject, message: row.message, lawyerName: lawyer.nombre, especialidad: lawyer.especialidad, lawyerEmail: lawyer.email });
    // The sender shows who wrote it and through what: the address stays the firm's.
    await deps.mailer.send({ to: row.toEmail, ...mail, fromName: `${lawyer.nombre} (vía Bufete)`, replyTo: lawyer.email, attachments });
  }

  const markSent = (id: string) =>
    db.update(emailReminders).set({ status: 'sent', sentAt: new Date(), lastError: null, updatedAt: new Date() }).where(eq(emailReminders.id, id)).returning();

  deps.queue.register<{ id: string }>(SEND_JOB, {
    maxAttempts: deps.retry.maxAttempts,
    retryBaseMs: deps.retry.baseMs,
    async handle({ id }) {
      // Only a reminder still waiting is sent: a cancelled one is skipped, a sent one never goes twice.
      const [row] = await db
        .update(emailReminders)
        .set({ status: 'sending', attempts: sql`${emailReminders.attempts} + 1`, updatedAt: new Date() })
        .where(and(eq(emailReminders.id, id), eq(emailReminders.status, 'pending')))
        .returning();
      if (!row) return;
      try {
        await sendMail(row);
        await markSent(id);
        await deps.notify(row.userId, {
          tipo: 'correo_enviado',
          titulo: `Correo enviado: ${row.subject}`,
          detalle: `Para ${row.toEmail}`,
          enlace: `/clientes/${row.clienteId}`,
          clave: `correo-enviado:${id}`,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db.update(emailReminders).set({ status: 'pending', lastError: reason.slice(0, 1000), updatedAt: new Date() }).where(eq(emailReminders.id, id));
        throw error;
      }
    },
    async onGiveUp({ id }, error) {
      const [row] = await db
        .update(emailReminders)
        .set({ status: 'failed', lastError: error.message.slice(0, 1000), updatedAt: new Date() })
        .where(eq(emailReminders.id, id))
        .returning();
      if (row) {
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
    ): Promise<{ message: string; recordatorio: Recordatorio }> {
      const cliente = await deps.clients.assertOwned(userId, input.cliente_id);
      if (!cliente.email) throw appError('VALIDATION_ERROR', MSG.reminders.clienteSinEmail);
      const now = Date.now();
      const scheduledFor = input.scheduled_for ? new Date(input.scheduled_for) : null;
      if (scheduledFor && scheduledFor.getTime() < now - PAST_TOLERANCE_MS) {
        throw appError('VALIDATION_ERROR', MSG.reminders.fechaPasada, 'scheduled_for');
      }
      const scheduled = scheduledFor && scheduledFor.getTime() > now ? scheduledFor : null;
      const toEmail = cliente.email;
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`client-mail:${userId}`}, 0))`);
        const [used] = rowsOf<{ hour: number; day: number }>(
          await tx.execute(sql`
            select count(*) filter (where ${emailReminders.createdAt} > now() - interval '1 hour')::int as hour,
                   count(*)::int as day
              from ${emailReminders}
             where ${emailReminders.userId} = ${userId} and ${emailReminders.status} <> 'cancelled'
               and ${emailReminders.createdAt} > now() - interval '1 day'`),
        );
        if (Number(used?.hour ?? 0) >= deps.limits.hourly) throw appError('RATE_LIMITED', MSG.reminders.limiteHora(deps.limits.hourly));
        if (Number(used?.day ?? 0) >= deps.limits.daily) throw appError('RATE_LIMITED', MSG.reminders.limiteDia(deps.limits.daily));
        const [inserted] = await tx
          .insert(emailReminders)
          .values({
            userId,
            clienteId: cliente.id,
            toEmail,
            subject: input.subject,
            message: input.message,
            scheduledFor: scheduled ?? new Date(now),
            // Sent right away by this request: already taken, so no job sends it too.
            ...(scheduled ? {} : { status: 'sending' as const, attempts: 1 }),
          })
          .returning();
        if (scheduled) await deps.queue.enqueue(SEND_JOB, { id: inserted!.id }, { runAt: scheduled, executor: tx });
        return inserted!;
      });
      if (scheduled) return { message: MSG.reminders.programado, recordatorio: toRecordatorio(row, cliente.nombre) };

      try {
        await sendMail(row, attachments);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db.update(emailReminders).set({ status: 'failed', lastError: reason.slice(0, 1000), updatedAt: new Date() }).where(eq(emailReminders.id, row.id));
        deps.logger.warn(`Email a cliente ${row.id} no enviado (${errorCodeOf(error)})`);
        throw appError('MAIL_FAILED', MSG.reminders.errorEnviando);
      }
      const [sent] = await markSent(row.id);
      return { message: MSG.reminders.enviado, recordatorio: toRecordatorio(sent!, cliente.nombre) };
    },

    /** The user's emails to clients, newest first, optionally for one client. */
    async list(userId: string, clienteId?: string): Promise<Recordatorio[]> {
      const rows = await db
        .select({ reminder: emailReminders, clienteNombre: clientes.nombre })
        .from(emailReminders)
        .innerJoin(clientes, eq(clientes.id, emailReminders.clienteId))
        .where(and(eq(emailReminders.userId, userId), clienteId ? eq(emailReminders.clienteId, clienteId) : undefined))
        .orderBy(desc(emailReminders.createdAt))
        .limit(100);
      return rows.map(({ reminder, clienteNombre }) => toRecordatorio(reminder, clienteNombre));
    },

    /** Only a reminder still waiting can be cancelled; its job then finds it cancelled and sends nothing. */
    async cancel(userId: string, id: string): Promise<Recordatorio> {
      const [row] = await db
        .update(emailReminders)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(emailReminders.id, id), eq(emailReminders.userId, userId), eq(emailReminders.status, 'pending')))
        .returning();
      if (!row) {
        const [existing] = await db.select({ id: emailReminders.id }).from(emailReminders).where(and(eq(emailReminders.id, id), eq(emailReminders.userId, userId))).limit(1);
        if (!existing) throw notFound();
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

import type { EmailReminder } from '@bufete/shared';
import { ERROR_CODES, MSG } from '@bufete/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { emailReminderSchema } from '@bufete/shared';
import type { Database } from '../../db/client';
import { clientes, emailReminders } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { ClientService } from '../clients/service';
import type { ReminderWorker } from '../../jobs/reminder-worker';

/** A scheduled time this close to now (clock skew, form latency) counts as "now". */
const PAST_TOLERANCE_MS = 60_000;

type Row = typeof emailReminders.$inferSelect;

function toReminder(row: Row, clienteNombre: string): EmailReminder {
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

export function createReminderService(db: Database, deps: { clients: ClientService; worker: ReminderWorker }) {
  return {
    /**
     * The send-email-reminder contract: without scheduledFor the email goes out
     * now (and the reply says whether it did); with it, the worker sends it when due.
     */
    async send(userId: string, input: z.output<typeof emailReminderSchema>): Promise<{ message: string; reminder: EmailReminder }> {
      const cliente = await deps.clients.assertOwned(userId, input.clienteId);
      if (!cliente.email) throw new AppError(400, ERROR_CODES.validation, MSG.reminders.clienteSinEmail);
      const now = Date.now();
      if (input.scheduledFor && input.scheduledFor.getTime() < now - PAST_TOLERANCE_MS) {
        throw new AppError(400, ERROR_CODES.validation, MSG.reminders.fechaPasada, 'scheduledFor');
      }
      const scheduled = input.scheduledFor && input.scheduledFor.getTime() > now ? input.scheduledFor : null;
      const due = scheduled ?? new Date(now);
      const [row] = await db
        .insert(emailReminders)
        .values({
          userId,
          clienteId: cliente.id,
          toEmail: cliente.email,
          subject: input.subject,
          message: input.message,
          scheduledFor: due,
          nextAttemptAt: due,
          // Sent right away by this request: already claimed, so no worker picks it up too.
          ...(scheduled ? {} : { status: 'sending' as const, attempts: 1, lockedAt: new Date(now) }),
        })
        .returning();
      if (scheduled) return { message: MSG.reminders.programado, reminder: toReminder(row!, cliente.nombre) };

      const delivered = await deps.worker.deliverNow(row!.id);
      if (!delivered.ok) throw new AppError(502, ERROR_CODES.mailFailed, MSG.reminders.errorEnviando);
      return { message: MSG.reminders.enviado, reminder: toReminder(delivered.row, cliente.nombre) };
    },

    /** The user's reminders, newest first, optionally for one client. */
    async list(userId: string, clienteId?: string): Promise<EmailReminder[]> {
      const rows = await db
        .select({ reminder: emailReminders, clienteNombre: clientes.nombre })
        .from(emailReminders)
        .innerJoin(clientes, eq(clientes.id, emailReminders.clienteId))
        .where(and(eq(emailReminders.userId, userId), clienteId ? eq(emailReminders.clienteId, clienteId) : undefined))
        .orderBy(desc(emailReminders.createdAt))
        .limit(100);
      return rows.map(({ reminder, clienteNombre }) => toReminder(reminder, clienteNombre));
    },

    /** Only a reminder still waiting can be cancelled; the worker never sends a cancelled one. */
    async cancel(userId: string, id: string): Promise<EmailReminder> {
      const [row] = await db
        .update(emailReminders)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(emailReminders.id, id), eq(emailReminders.userId, userId), eq(emailReminders.status, 'pending')))
        .returning();
      if (!row) {
        const [existing] = await db
          .select({ id: emailReminders.id })
          .from(emailReminders)
          .where(and(eq(emailReminders.id, id), eq(emailReminders.userId, userId)))
          .limit(1);
        if (!existing) throw notFound();
        throw new AppError(409, 'NOT_CANCELLABLE', MSG.reminders.noCancelable);
      }
      const cliente = await deps.clients.get(userId, row.clienteId);
      return toReminder(row, cliente.nombre);
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;

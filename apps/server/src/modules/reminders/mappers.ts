import type { Recordatorio } from '@bufete/shared';
import type { emailReminders } from './schema';

export type ReminderRow = typeof emailReminders.$inferSelect;

/** An email to a client as the contract sends it. */
export function toRecordatorio(row: ReminderRow, clienteNombre: string): Recordatorio {
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

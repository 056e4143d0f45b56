import { instant } from './common';
import { isoDateTime, recordId } from './fields';
import { MSG } from './messages';
import { z } from './zod';

const v = MSG.validation;

/**
 * The send-email-reminder payload (spec part 2, section 7), in the wire's one
 * casing: `cliente_id`, `subject`, `message`, `scheduled_for` (ISO instant, or
 * empty to send now).
 */
export const recordatorioCreateSchema = z.object({
  cliente_id: recordId,
  subject: z.string({ error: MSG.reminders.camposObligatorios }).trim().min(1, { error: MSG.reminders.camposObligatorios }).max(200, { error: v.tooLong }),
  message: z.string({ error: MSG.reminders.camposObligatorios }).trim().min(1, { error: MSG.reminders.camposObligatorios }).max(20_000, { error: v.tooLong }),
  /** ISO instant (normalised to UTC), or null to send now. */
  scheduled_for: z
    .union([isoDateTime(MSG.reminders.fechaInvalida), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
});
export type RecordatorioCreateInput = z.input<typeof recordatorioCreateSchema>;

export const REMINDER_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

export const recordatorioSchema = z.strictObject({
  id: z.string(),
  cliente_id: z.string(),
  cliente: z.strictObject({ nombre: z.string() }),
  subject: z.string(),
  status: z.enum(REMINDER_STATUSES),
  scheduled_for: instant,
  sent_at: instant.nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: instant,
});
export type Recordatorio = z.infer<typeof recordatorioSchema>;

export const withMessage = z.strictObject({ message: z.string(), recordatorio: recordatorioSchema });

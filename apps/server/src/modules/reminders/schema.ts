import { REMINDER_STATUSES } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { clientes } from '../clients/schema';

/** Emails to clients, sent now or at a scheduled time (a 'reminders.send' job of the queue). */
export const emailReminders = pgTable(
  'email_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_reminders_user_created_idx').on(table.userId, sql`${table.createdAt} desc`),
    index('email_reminders_cliente_idx').on(table.clienteId),
    check('email_reminders_status_check', sql`${table.status} in ('pending', 'sending', 'sent', 'failed', 'cancelled')`),
  ],
);

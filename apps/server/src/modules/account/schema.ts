import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';

/**
 * Wrong passwords per account (by email, whether or not it exists, so the
 * table reveals nothing): after a few, each further attempt waits longer.
 */
export const signInFailures = pgTable('sign_in_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Accounts their lawyers closed (issue 28): signing in before `purgeAt`
 * restores the account; then everything of it is removed (closing.ts).
 */
export const accountClosures = pgTable('cuentas_cierre', {
  userId: ownerColumn().primaryKey(),
  requestedAt: timestamp('solicitado_at', { withTimezone: true }).notNull().defaultNow(),
  purgeAt: timestamp('eliminar_at', { withTimezone: true }).notNull(),
});

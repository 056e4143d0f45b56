import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

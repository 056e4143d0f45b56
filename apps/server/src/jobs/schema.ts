import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['pending', 'running', 'failed'] as const;

/**
 * The one background queue (docs/decisions/0003): rows claimed with
 * FOR UPDATE SKIP LOCKED, so any number of server processes on one PostgreSQL
 * share it and run each job once. A finished job's row is deleted; a job that
 * used all its attempts stays 'failed' with its reason. A running job is
 * leased to one process (locked_by, locked_at renewed while it runs).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** While running: when its holder last renewed the lease. A lease older than JOBS_LEASE_SECONDS means the holder died. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** While running: the process holding it (a random name per process), the only one that renews it. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one waiting or running job per key (periodic jobs, "sync this user"). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The claim query only looks at jobs waiting to run.
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
    // Every pass looks for abandoned leases, every heartbeat for its own: only running jobs (a few).
    index('jobs_running_idx')
      .on(table.lockedAt)
      .where(sql`${table.status} = 'running'`),
    uniqueIndex('jobs_dedupe_idx')
      .on(table.dedupeKey)
      .where(sql`${table.status} in ('pending', 'running')`),
    check('jobs_status_check', sql`${table.status} in ('pending', 'running', 'failed')`),
  ],
);

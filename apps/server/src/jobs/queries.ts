import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/client';
import { jobs } from './schema';

/** A database or an open transaction: a job can be enqueued in the same transaction as the row it is about. */
export type Executor = Pick<Database, 'execute'>;

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const claimed = sql`returning id, kind, payload, attempts, max_attempts`;

/** The queue's SQL (docs/decisions/0003, 0020): claims are leases held in `locked_at` by `locked_by`. */
export function createJobQueries(db: Database, holder: string) {
  return {
    /** A new job, unless one with its dedupe key still waits or runs (then null). */
    async insert(executor: Executor, job: { kind: string; payload: unknown; runAt: Date; maxAttempts: number; dedupeKey: string | null }) {
      const [row] = rowsOf<{ id: string }>(
        await executor.execute(sql`
          insert into jobs (kind, payload, run_at, max_attempts, dedupe_key)
          values (${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt.toISOString()}::timestamptz, ${job.maxAttempts}, ${job.dedupeKey})
          on conflict (dedupe_key) where status in ('pending', 'running') do nothing
          returning id`),
      );
      return row?.id ?? null;
    },

    /** Up to `limit` due jobs, oldest first, that no other process holds. */
    async claimDue(limit: number): Promise<ClaimedJob[]> {
      if (limit <= 0) return [];
      return rowsOf<ClaimedJob>(
        await db.execute(sql`
          update jobs
             set status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${holder}, updated_at = now()
           where id in (
             select id from jobs
              where status = 'pending' and run_at <= now()
              order by run_at
              limit ${limit}
              for update skip locked)
          ${claimed}`),
      );
    },

    async claimOne(id: string): Promise<ClaimedJob | undefined> {
      const [job] = rowsOf<ClaimedJob>(
        await db.execute(sql`
          update jobs
             set status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${holder}, updated_at = now()
           where id = ${id} and status = 'pending'
          ${claimed}`),
      );
      return job;
    },

    /** Jobs whose holder stopped renewing them (it died) wait again, due at once. */
    async takeBackAbandoned(leaseMs: number) {
      await db.execute(sql`
        update jobs set status = 'pending', locked_at = null, locked_by = null, run_at = now(), updated_at = now()
         where status = 'running' and locked_at < now() - make_interval(secs => ${leaseMs / 1000})`);
    },

    /** Renews the lease of every job this process is running. */
    async renewLeases() {
      await db.execute(sql`update jobs set locked_at = now() where locked_by = ${holder} and status = 'running'`);
    },

    async done(id: string) {
      await db.delete(jobs).where(eq(jobs.id, id));
    },

    /** Waits for another attempt at `runAt`; `lastError` is a code only (a message may carry a client's address). */
    async retryAt(id: string, runAt: Date, lastError: string) {
      await db.update(jobs).set({ status: 'pending', lastError, lockedAt: null, lockedBy: null, runAt, updatedAt: new Date() }).where(eq(jobs.id, id));
    },

    async failed(id: string, lastError: string) {
      await db.update(jobs).set({ status: 'failed', lastError, lockedAt: null, lockedBy: null, updatedAt: new Date() }).where(eq(jobs.id, id));
    },

    /** A periodic job's failed row goes: its next run is scheduled anew. */
    async dropFailed(id: string) {
      await db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.status, 'failed')));
    },

    async failedSince(kinds: string[], since: Date): Promise<number> {
      if (kinds.length === 0) return 0;
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from jobs
           where status = 'failed' and updated_at >= ${since.toISOString()}::timestamptz
             and kind in (${sql.join(
               kinds.map((kind) => sql`${kind}`),
               sql`, `,
             )})`),
      );
      return Number(row?.n ?? 0);
    },
  };
}

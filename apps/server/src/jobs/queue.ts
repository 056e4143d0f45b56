import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { errorCodeOf, type Logger } from '../logger';
import { jobs } from './schema';

/** What a module does with one job of its kind. */
export interface JobHandler<P> {
  /** Does the work; throwing schedules a retry (or gives up after maxAttempts). */
  handle(payload: P, job: { id: string; attempt: number }): Promise<void>;
  maxAttempts?: number;
  /** First retry after this long; each further one waits twice as long. */
  retryBaseMs?: number;
  /** Called once when the last attempt failed. */
  onGiveUp?(payload: P, error: Error): Promise<void>;
}

/** A database or an open transaction: a job can be enqueued in the same transaction as the row it is about. */
type Executor = Pick<Database, 'execute'>;

export interface JobQueue {
  register<P>(kind: string, handler: JobHandler<P>): void;
  /** A job to run at `runAt` (now by default). With `dedupeKey`, nothing is added while one with that key waits or runs. */
  enqueue<P>(kind: string, payload: P, options?: { runAt?: Date; dedupeKey?: string; executor?: Executor }): Promise<void>;
  /** A job of `kind` (registered, without payload) that runs every `intervalMs`, once across all processes. */
  every(kind: string, intervalMs: number): void;
  start(): void;
  stop(): Promise<void>;
  /** One pass: claim what is due and run it. Returns how many jobs ran. */
  tick(): Promise<number>;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_RETRY_BASE_MS = 60_000;

/**
 * The one Postgres-backed background queue. Modules register a handler per
 * kind (reminders today; calendar sync, event reminders, invoices next) and
 * enqueue work, often in the transaction that creates the row it concerns.
 * Due jobs are claimed with FOR UPDATE SKIP LOCKED, so N server processes on
 * one PostgreSQL run each job once. Delivery is at-least-once: a process that
 * dies mid-job leaves it 'running', and it is retried after `staleAfterMs`.
 */
export function createJobQueue(deps: { db: Database; logger: Logger; pollMs: number; staleAfterMs?: number; batchSize?: number }): JobQueue {
  const { db, logger } = deps;
  const handlers = new Map<string, JobHandler<unknown>>();
  const periodic = new Map<string, number>();
  const staleAfterMs = deps.staleAfterMs ?? 10 * 60_000;
  const batchSize = deps.batchSize ?? 10;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function enqueue<P>(kind: string, payload: P, options: { runAt?: Date; dedupeKey?: string; executor?: Executor } = {}) {
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`No hay un manejador registrado para los trabajos «${kind}»`);
    const executor = options.executor ?? db;
    await executor.execute(sql`
      insert into jobs (kind, payload, run_at, max_attempts, dedupe_key)
      values (${kind}, ${JSON.stringify(payload ?? {})}::jsonb, ${(options.runAt ?? new Date()).toISOString()}::timestamptz,
              ${handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}, ${options.dedupeKey ?? null})
      on conflict (dedupe_key) where status in ('pending', 'running') do nothing`);
  }

  const periodicKey = (kind: string) => `every:${kind}`;

  async function claimDue() {
    const result = await db.execute(sql`
      update jobs
         set status = 'running', attempts = attempts + 1, locked_at = now(), updated_at = now()
       where id in (
         select id from jobs
          where status = 'pending' and run_at <= now()
          order by run_at
          limit ${batchSize}
          for update skip locked)
      returning id, kind, payload, attempts, max_attempts`);
    return rowsOf<{ id: string; kind: string; payload: unknown; attempts: number; max_attempts: number }>(result);
  }

  async function requeueStale() {
    await db.execute(sql`
      update jobs set status = 'pending', locked_at = null, updated_at = now()
       where status = 'running' and locked_at < now() - make_interval(secs => ${staleAfterMs / 1000})`);
  }

  async function run(job: { id: string; kind: string; payload: unknown; attempts: number; max_attempts: number }) {
    const handler = handlers.get(job.kind);
    const attempt = Number(job.attempts);
    try {
      if (!handler) throw new Error(`Trabajo de tipo desconocido «${job.kind}»`);
      await handler.handle(job.payload, { id: job.id, attempt });
      await db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const giveUp = attempt >= Number(job.max_attempts);
      const delayMs = (handler?.retryBaseMs ?? DEFAULT_RETRY_BASE_MS) * 2 ** (attempt - 1);
      await db
        .update(jobs)
        .set({
          status: giveUp ? 'failed' : 'pending',
          // Codes only: a message may carry a client's address, a subject or a notice's title.
          lastError: errorCodeOf(error).slice(0, 1000),
          lockedAt: null,
          runAt: new Date(Date.now() + delayMs),
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, job.id));
      logger.warn(`Trabajo ${job.kind} (${job.id}): intento ${attempt} falló (${errorCodeOf(error)})${giveUp ? '; no se reintentará' : `; reintento en ${Math.round(delayMs / 1000)} s`}`);
      if (giveUp && handler?.onGiveUp) await handler.onGiveUp(job.payload, error);
    } finally {
      // A periodic job schedules its next run once this one is done, whatever happened.
      const interval = periodic.get(job.kind);
      if (interval !== undefined) {
        await db.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.status, 'failed')));
        await enqueue(job.kind, {}, { runAt: new Date(Date.now() + interval), dedupeKey: periodicKey(job.kind) });
      }
    }
  }

  async function tick(): Promise<number> {
    await requeueStale();
    const due = await claimDue();
    for (const job of due) await run(job);
    return due.length;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().catch((error: unknown) => {
        logger.error('La cola de trabajos falló', error);
        return 0;
      });
      void running.finally(schedule);
    }, deps.pollMs);
    timer.unref();
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler as JobHandler<unknown>);
    },
    enqueue,
    every(kind, intervalMs) {
      periodic.set(kind, intervalMs);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      // The first run of each periodic job, unless another process already scheduled it.
      running = Promise.all([...periodic.keys()].map((kind) => enqueue(kind, {}, { dedupeKey: periodicKey(kind) })))
        .then(() => 0)
        .catch((error: unknown) => {
          logger.error('No se pudieron programar los trabajos periódicos', error);
          return 0;
        });
      void running.finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    tick,
  };
}

import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { errorCodeOf, type Logger } from '../logger';
import { type ClaimedJob, createJobQueries, type Executor } from './queries';

/** What a module does with one job of its kind. */
export interface JobHandler<P> {
  /** Does the work; throwing schedules a retry (or gives up after maxAttempts). */
  handle(payload: P, job: { id: string; attempt: number }): Promise<void>;
  maxAttempts?: number;
  /** First retry after this long; each further one waits twice as long, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Errors no retry can mend (a mail server's 5xx refusal): the job gives up at once. */
  isPermanent?(error: Error): boolean;
  /** Called once when the last attempt failed. */
  onGiveUp?(payload: P, error: Error): Promise<void>;
}

/** How a job that was run ended: done (row gone), waiting for a retry, or given up. */
export type JobOutcome = 'done' | 'retrying' | 'failed';

export interface JobQueue {
  register<P>(kind: string, handler: JobHandler<P>): void;
  /**
   * A job to run at `runAt` (now by default); returns its id. With
   * `dedupeKey`, nothing is added while one with that key waits or runs (null).
   */
  enqueue<P>(kind: string, payload: P, options?: { runAt?: Date; dedupeKey?: string; executor?: Executor }): Promise<string | null>;
  /**
   * Runs the waiting job `id` here and now, whatever its `runAt` (a request
   * that wants its mail out at once, with the job as the fallback if this
   * process dies). 'busy' when it is not waiting (another process holds it).
   * With `deadlineMs`, answers 'pending' when it has not ended by then: it
   * goes on in the background and the queue records how it ends.
   */
  runNow(id: string, options?: { deadlineMs?: number }): Promise<JobOutcome | 'busy' | 'pending'>;
  /** A job of `kind` (registered, without payload) that runs every `intervalMs`, once across all processes. */
  every(kind: string, intervalMs: number): void;
  /** Jobs of these kinds that used all their attempts since `since` (the diagnostic page's count of undelivered mail). */
  failedSince(kinds: string[], since: Date): Promise<number>;
  start(): void;
  /** Stops polling and waits for the jobs this process is running. */
  stop(): Promise<void>;
  /** One pass: take back abandoned jobs, claim what is due and run it to its end. Returns how many jobs ran. */
  tick(): Promise<number>;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_RETRY_BASE_MS = 60_000;

/**
 * The one Postgres-backed background queue (docs/decisions/0003, 0020).
 * Modules register a handler per kind and enqueue work, often in the
 * transaction that creates the row it concerns. Due jobs are claimed with
 * FOR UPDATE SKIP LOCKED, so N server processes on one PostgreSQL run each
 * job once. A claim is a lease: the process renews `locked_at` every third of
 * `leaseMs` while the job runs, and a job whose lease ran out (its process
 * died: power cut, kill -9) is taken back and run again, so delivery is
 * at-least-once and handlers are written to be run twice.
 */
export function createJobQueue(deps: { db: Database; logger: Logger; pollMs: number; leaseMs: number; concurrency?: number }): JobQueue {
  const { db, logger, leaseMs } = deps;
  const handlers = new Map<string, JobHandler<unknown>>();
  const periodic = new Map<string, number>();
  const concurrency = deps.concurrency ?? 10;
  /** The runs the poll started (runNow's are the requests' own). */
  const polled = new Set<Promise<JobOutcome>>();
  /** This process' name on the jobs it holds: only it renews them. */
  const holder = randomUUID();
  const queries = createJobQueries(db, holder);
  const inFlight = new Set<Promise<unknown>>();
  let heartbeat: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function enqueue<P>(kind: string, payload: P, options: { runAt?: Date; dedupeKey?: string; executor?: Executor } = {}) {
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`No hay un manejador registrado para los trabajos «${kind}»`);
    return queries.insert(options.executor ?? db, {
      kind,
      payload,
      runAt: options.runAt ?? new Date(),
      maxAttempts: handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      dedupeKey: options.dedupeKey ?? null,
    });
  }

  const periodicKey = (kind: string) => `every:${kind}`;

  /** Renews the lease of every job this process is running. */
  async function renewLeases() {
    try {
      await queries.renewLeases();
    } catch (error) {
      logger.warn(`No se pudo renovar la reserva de los trabajos en curso (${errorCodeOf(error)})`);
    }
  }

  /** Runs `work` counted as in flight, renewing leases while anything runs. */
  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    if (!heartbeat) {
      heartbeat = setInterval(() => void renewLeases(), Math.max(250, Math.floor(leaseMs / 3)));
      heartbeat.unref();
    }
    const done = () => {
      inFlight.delete(work);
      if (inFlight.size === 0 && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    };
    work.then(done, done);
    return work;
  }

  async function giveUp(job: ClaimedJob, handler: JobHandler<unknown> | undefined, error: Error) {
    await queries.failed(job.id, errorCodeOf(error).slice(0, 1000));
    if (handler?.onGiveUp) await handler.onGiveUp(job.payload, error);
  }

  async function run(job: ClaimedJob): Promise<JobOutcome> {
    const handler = handlers.get(job.kind);
    const attempt = Number(job.attempts);
    try {
      if (attempt > Number(job.max_attempts)) {
        // Its last attempt was taken back from a process that died mid-way: no more tries.
        const error = Object.assign(new Error('Reserva vencida en el último intento'), { code: 'LEASE_EXPIRED' });
        logger.warn(`Trabajo ${job.kind} (${job.id}): el proceso que lo ejecutaba se detuvo en el último intento; no se reintentará`);
        await giveUp(job, handler, error);
        return 'failed';
      }
      try {
        if (!handler) throw new Error(`Trabajo de tipo desconocido «${job.kind}»`);
        await handler.handle(job.payload, { id: job.id, attempt });
        await queries.done(job.id);
        return 'done';
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        const permanent = handler?.isPermanent?.(error) ?? false;
        const last = permanent || attempt >= Number(job.max_attempts);
        const delayMs = Math.min((handler?.retryBaseMs ?? DEFAULT_RETRY_BASE_MS) * 2 ** (attempt - 1), handler?.retryMaxMs ?? Infinity);
        logger.warn(
          `Trabajo ${job.kind} (${job.id}): intento ${attempt} falló (${errorCodeOf(error)})` +
            (last ? (permanent ? '; el error no se resuelve reintentando' : '; no se reintentará') : `; reintento en ${Math.round(delayMs / 1000)} s`),
        );
        if (last) {
          await giveUp(job, handler, error);
          return 'failed';
        }
        // Codes only: a message may carry a client's address, a subject or a notice's title.
        await queries.retryAt(job.id, new Date(Date.now() + delayMs), errorCodeOf(error).slice(0, 1000));
        return 'retrying';
      }
    } finally {
      // A periodic job schedules its next run once this one is done, whatever happened.
      const interval = periodic.get(job.kind);
      if (interval !== undefined) {
        await queries.dropFailed(job.id);
        await enqueue(job.kind, {}, { runAt: new Date(Date.now() + interval), dedupeKey: periodicKey(job.kind) });
      }
    }
  }

  /**
   * Claims what is due, up to `concurrency` jobs running in this process, and
   * starts them side by side: one job waiting on a silent mail server does
   * not hold back the others. Returns the runs started.
   */
  async function poll(): Promise<Promise<JobOutcome>[]> {
    await queries.takeBackAbandoned(leaseMs);
    const due = await queries.claimDue(concurrency - polled.size);
    return due.map((job) => {
      const work = track(run(job));
      polled.add(work);
      const done = () => polled.delete(work);
      work.then(done, done);
      return work;
    });
  }

  async function tick(): Promise<number> {
    const runs = await poll();
    await Promise.allSettled(runs);
    return runs.length;
  }

  /**
   * Polls every `pollMs` while nothing is due. When a poll found work, the
   * next one comes as soon as one of this process's runs ends (or after
   * `pollMs`, whichever is first): a backlog
   * (a burst of uploads leaves thousands of texts to read) drains as fast as
   * the jobs run, not `concurrency` jobs per interval (4 a second with two
   * processes, whatever the CPU had to spare: bench/README.md).
   */
  function schedule(delayMs = deps.pollMs) {
    if (stopped) return;
    timer = setTimeout(() => {
      let found = false;
      running = poll()
        .then(async (runs) => {
          found = runs.length > 0;
          // The next poll as soon as a run ends, or after the usual interval if none does (a mail server
          // that hangs keeps its run going: the other jobs are not held up by it).
          if (found && polled.size > 0) {
            let wait: NodeJS.Timeout | undefined;
            await Promise.race([...polled, new Promise((resolve) => (wait = setTimeout(resolve, deps.pollMs)))]);
            clearTimeout(wait);
          }
          return runs.length;
        })
        .catch((error: unknown) => {
          logger.error('La cola de trabajos falló', error);
          return 0;
        });
      void running.finally(() => schedule(found ? 0 : deps.pollMs));
    }, delayMs);
    timer.unref();
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler as JobHandler<unknown>);
    },
    enqueue,
    async runNow(id, options = {}) {
      const job = await queries.claimOne(id);
      if (!job) return 'busy';
      const work = track(run(job));
      if (options.deadlineMs === undefined) return work;
      let deadline: NodeJS.Timeout | undefined;
      const late = new Promise<'pending'>((resolve) => (deadline = setTimeout(() => resolve('pending'), options.deadlineMs)));
      // A failure after the deadline is the queue's to record; nobody waits for it here.
      work.catch((error: unknown) => logger.error(`Trabajo ${job.kind} (${job.id}) falló`, error));
      try {
        return await Promise.race([work, late]);
      } finally {
        clearTimeout(deadline);
      }
    },
    every(kind, intervalMs) {
      periodic.set(kind, intervalMs);
    },
    failedSince: queries.failedSince,
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
      void running.finally(() => schedule());
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.allSettled([...inFlight]);
    },
    tick,
  };
}

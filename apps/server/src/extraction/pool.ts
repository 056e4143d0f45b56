import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ExtractionLimits } from './extract';
import type { DocumentKind } from './file-types';

const WORKER_FILE = new URL('./extraction.worker.mjs', import.meta.url);

/**
 * Extraction threads per server process: two, shared out among the processes
 * on one machine so that all of them together use no more threads than the
 * machine has cores (each thread holds its own heap and the PDF and Word
 * readers: bench/README.md, memory).
 */
export function extractionThreads(workers: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(2, Math.floor(cores / workers)));
}

/** Every worker busy and the waiting line full: the caller answers "try again shortly". */
export class ExtractionBusyError extends Error {}

export interface ExtractionPool {
  /**
   * The text of a file, or a descriptive fallback. A request's file is
   * refused with ExtractionBusyError when its line is full; a background job's
   * (`background`) waits in a line of its own, served when no request waits:
   * the job queue's concurrency bounds it, and a job never fails for being early.
   */
  extract(path: string, kind: DocumentKind, options?: { background?: boolean; limits?: ExtractionLimits }): Promise<string | null>;
  /** Worker threads alive right now, busy or idle. */
  readonly workers: number;
  /** Whether a file given now would start at once: a thread free (or one more allowed) and nobody waiting. */
  readonly free: boolean;
  close(): Promise<void>;
}

export interface ExtractionPoolOptions {
  size: number;
  /** Longest one extraction may run; past it the worker is replaced and a fallback text returned. */
  timeoutMs: number;
  /** Jobs that may wait for a worker; more are refused rather than queued without bound. */
  maxQueue: number;
  /** Heap cap of each worker: a runaway document ends its worker, not the server. */
  maxHeapMb?: number;
  /**
   * A worker with nothing to do for this long is ended: each holds its own
   * JavaScript heap and the PDF and Word readers (tens of megabytes) that a
   * laptop should not keep for a document uploaded an hour ago.
   */
  idleMs?: number;
}

/**
 * A small pool of worker threads for text extraction, so parsing a PDF or a
 * Word file never blocks the server's event loop. Bounded in every direction:
 * workers, waiting jobs, time per job and memory per worker; started on the
 * first document and ended after `idleMs` without one.
 */
export function createExtractionPool(options: ExtractionPoolOptions): ExtractionPool {
  type Job = { id: number; path: string; kind: DocumentKind; limits?: ExtractionLimits; resolve: (text: string | null) => void };
  const queue: Job[] = [];
  const background: Job[] = [];
  const idle: Worker[] = [];
  const idleTimers = new Map<Worker, NodeJS.Timeout>();
  const idleMs = options.idleMs ?? 30_000;
  const busy = new Map<Worker, { job: Job; timer: NodeJS.Timeout }>();
  let nextId = 1;
  let closed = false;
  const heapMb = options.maxHeapMb ?? 256;

  const spawn = () => {
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 8 } });
    worker.unref();
    worker.on('message', (message: { id: number; text: string | null }) => {
      const current = busy.get(worker);
      if (!current || current.job.id !== message.id) return;
      clearTimeout(current.timer);
      busy.delete(worker);
      current.job.resolve(message.text);
      rest(worker);
      pump();
    });
    worker.on('error', (error) => replace(worker, `[No se pudo extraer el texto: el proceso de extracción falló (${error.message})]`));
    return worker;
  };

  /** An idle worker waits for the next job, and is ended if none comes within `idleMs`. */
  const rest = (worker: Worker) => {
    idle.push(worker);
    const timer = setTimeout(() => {
      idleTimers.delete(worker);
      const index = idle.indexOf(worker);
      if (index < 0) return;
      idle.splice(index, 1);
      void worker.terminate();
    }, idleMs);
    timer.unref();
    idleTimers.set(worker, timer);
  };

  /** The next idle worker (its end called off), or a new one. */
  const take = () => {
    const worker = idle.pop();
    if (!worker) return spawn();
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
    return worker;
  };

  const replace = (worker: Worker, text: string) => {
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
    const current = busy.get(worker);
    busy.delete(worker);
    const index = idle.indexOf(worker);
    if (index >= 0) idle.splice(index, 1);
    void worker.terminate();
    if (current) {
      clearTimeout(current.timer);
      current.job.resolve(text);
    }
    pump();
  };

  const pump = () => {
    while (!closed && queue.length + background.length > 0 && (idle.length > 0 || busy.size + idle.length < options.size)) {
      const worker = take();
      const job = (queue.shift() ?? background.shift())!;
      const timer = setTimeout(
        () => replace(worker, `[No se pudo extraer el texto: la extracción tardó más de ${Math.ceil(options.timeoutMs / 1000)} s, el máximo permitido]`),
        options.timeoutMs,
      );
      busy.set(worker, { job, timer });
      worker.postMessage({ id: job.id, path: job.path, kind: job.kind, limits: job.limits });
    }
  };

  return {
    get workers() {
      return idle.length + busy.size;
    },
    get free() {
      return queue.length + background.length === 0 && busy.size < options.size;
    },
    extract(path, kind, extractOptions = {}) {
      if (closed) return Promise.resolve(null);
      const line = extractOptions.background ? background : queue;
      if (!extractOptions.background && queue.length >= options.maxQueue) return Promise.reject(new ExtractionBusyError());
      return new Promise((resolve) => {
        line.push({ id: nextId++, path, kind, limits: extractOptions.limits, resolve });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const timer of idleTimers.values()) clearTimeout(timer);
      idleTimers.clear();
      for (const { job, timer } of busy.values()) {
        clearTimeout(timer);
        job.resolve(null);
      }
      for (const job of [...queue.splice(0), ...background.splice(0)]) job.resolve(null);
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
      idle.length = 0;
      busy.clear();
    },
  };
}

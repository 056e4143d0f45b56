import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ExtractionLimits } from './extract';
import type { DocumentKind } from './file-types';
import type { DocxReply, DocxRequest } from './docx-merge';
import type { BulletinPagesReply, BulletinPagesRequest, BulletinReadReply, BulletinReadRequest } from '../modules/bulletins/reading';

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
  /**
   * A Word template read (its fields) or filled (written to `out`) by
   * docxtemplater on a worker: a large template takes seconds of CPU that the
   * event loop must not spend. In the request line, refused like a file's
   * text when it is full (ExtractionBusyError).
   */
  docx(request: DocxRequest): Promise<DocxReply>;
  /**
   * A court's bulletin read on a worker (its PDF's layout, a web page's
   * rows, pasted text): a day of Mexico City's runs to 250 pages and 14,000
   * entries, seconds of CPU. In the request line, refused like a file's text
   * when it is full; a watched bulletin's morning read waits in the
   * background line.
   */
  bulletin(request: Omit<BulletinReadRequest, 'op'>, options?: { background?: boolean }): Promise<BulletinReadReply>;
  /** A share of a PDF's pages with their text's positions: the threads read a long bulletin's pages at once, then one reads its layout. */
  bulletinPages(request: Omit<BulletinPagesRequest, 'op'>, options?: { background?: boolean }): Promise<BulletinPagesReply>;
  /** Threads this pool may run at once. */
  readonly size: number;
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
  /** What a worker is sent, how its answer is given back, and what stands for it when the worker fails or runs out of time. */
  type Job = { id: number; message: Record<string, unknown>; resolve: (result: unknown) => void; failed: (why: string) => unknown; stopped: unknown };
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
    worker.on('message', (message: { id: number; result: unknown }) => {
      const current = busy.get(worker);
      if (!current || current.job.id !== message.id) return;
      clearTimeout(current.timer);
      busy.delete(worker);
      current.job.resolve(message.result);
      rest(worker);
      pump();
    });
    worker.on('error', (error) => replace(worker, `el proceso de extracción falló (${error.message})`));
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

  const replace = (worker: Worker, why: string) => {
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
    const current = busy.get(worker);
    busy.delete(worker);
    const index = idle.indexOf(worker);
    if (index >= 0) idle.splice(index, 1);
    void worker.terminate();
    if (current) {
      clearTimeout(current.timer);
      current.job.resolve(current.job.failed(why));
    }
    pump();
  };

  /** A job for a worker, in the request line (refused when full) or the background one. */
  const submit = <T>(message: Record<string, unknown>, inBackground: boolean, stopped: T, failed: (why: string) => T): Promise<T> => {
    if (closed) return Promise.resolve(stopped);
    if (!inBackground && queue.length >= options.maxQueue) return Promise.reject(new ExtractionBusyError());
    return new Promise((resolve) => {
      (inBackground ? background : queue).push({ id: nextId++, message, resolve: resolve as (result: unknown) => void, failed, stopped });
      pump();
    });
  };

  const pump = () => {
    while (!closed && queue.length + background.length > 0 && (idle.length > 0 || busy.size + idle.length < options.size)) {
      const worker = take();
      const job = (queue.shift() ?? background.shift())!;
      const timer = setTimeout(() => replace(worker, `la extracción tardó más de ${Math.ceil(options.timeoutMs / 1000)} s, el máximo permitido`), options.timeoutMs);
      busy.set(worker, { job, timer });
      worker.postMessage({ ...job.message, id: job.id });
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
        line.push({
          id: nextId++,
          message: { op: 'extract', path, kind, limits: extractOptions.limits },
          resolve: resolve as (result: unknown) => void,
          failed: (why) => `[No se pudo extraer el texto: ${why}]`,
          // Not read, not failed: its job reads it again after a restart.
          stopped: null,
        });
        pump();
      });
    },
    docx(request) {
      const stopped: DocxReply = { ok: false, problema: null, fallo: 'el servidor se está deteniendo' };
      if (closed) return Promise.resolve(stopped);
      if (queue.length >= options.maxQueue) return Promise.reject(new ExtractionBusyError());
      return new Promise((resolve) => {
        queue.push({
          id: nextId++,
          message: { ...request },
          resolve: resolve as (result: unknown) => void,
          failed: (why): DocxReply => ({ ok: false, problema: null, fallo: why }),
          stopped,
        });
        pump();
      });
    },
    get size() {
      return options.size;
    },
    bulletin(request, bulletinOptions = {}) {
      const stopped: BulletinReadReply = { ok: false, motivo: 'fallo', detalle: 'el servidor se está deteniendo' };
      return submit({ op: 'bulletin', ...request }, bulletinOptions.background ?? false, stopped, (why): BulletinReadReply => ({ ok: false, motivo: 'fallo', detalle: why }));
    },
    bulletinPages(request, bulletinOptions = {}) {
      const stopped: BulletinPagesReply = { ok: false, motivo: 'fallo', detalle: 'el servidor se está deteniendo' };
      return submit({ op: 'bulletin-pages', ...request }, bulletinOptions.background ?? false, stopped, (why): BulletinPagesReply => ({
        ok: false,
        motivo: 'fallo',
        detalle: why,
      }));
    },
    async close() {
      closed = true;
      for (const timer of idleTimers.values()) clearTimeout(timer);
      idleTimers.clear();
      for (const { job, timer } of busy.values()) {
        clearTimeout(timer);
        job.resolve(job.stopped);
      }
      for (const job of [...queue.splice(0), ...background.splice(0)]) job.resolve(job.stopped);
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
      idle.length = 0;
      busy.clear();
    },
  };
}

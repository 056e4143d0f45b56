import { Worker } from 'node:worker_threads';
import type { DocumentKind } from './file-types';

const WORKER_FILE = new URL('./extraction.worker.mjs', import.meta.url);

export interface ExtractionPool {
  extract(path: string, kind: DocumentKind): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * A small pool of worker threads for text extraction. A job that takes too
 * long (a hostile PDF) has its worker terminated and replaced, and gets a
 * descriptive text, like any other failed extraction.
 */
export function createExtractionPool(options: { size: number; timeoutMs: number }): ExtractionPool {
  type Job = { id: number; path: string; kind: DocumentKind; resolve: (text: string | null) => void };
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, { job: Job; timer: NodeJS.Timeout }>();
  let nextId = 1;
  let closed = false;

  const spawn = () => {
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    worker.unref();
    worker.on('message', (message: { id: number; text: string | null }) => {
      const current = busy.get(worker);
      if (!current || current.job.id !== message.id) return;
      clearTimeout(current.timer);
      busy.delete(worker);
      current.job.resolve(message.text);
      idle.push(worker);
      pump();
    });
    worker.on('error', (error) => replace(worker, `[No se pudo extraer el texto: el proceso de extracción falló (${error.message})]`));
    return worker;
  };

  const replace = (worker: Worker, text: string) => {
    const current = busy.get(worker);
    busy.delete(worker);
    const index = idle.indexOf(worker);
    if (index >= 0) idle.splice(index, 1);
    void worker.terminate();
    if (current) {
      clearTimeout(current.timer);
      current.job.resolve(text);
    }
    if (!closed) idle.push(spawn());
    pump();
  };

  const pump = () => {
    while (!closed && queue.length > 0 && (idle.length > 0 || busy.size + idle.length < options.size)) {
      const worker = idle.pop() ?? spawn();
      const job = queue.shift()!;
      const timer = setTimeout(() => replace(worker, '[No se pudo extraer el texto: la extracción tardó demasiado]'), options.timeoutMs);
      busy.set(worker, { job, timer });
      worker.postMessage({ id: job.id, path: job.path, kind: job.kind });
    }
  };

  return {
    extract(path, kind) {
      return new Promise((resolve) => {
        queue.push({ id: nextId++, path, kind, resolve });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const { job, timer } of busy.values()) {
        clearTimeout(timer);
        job.resolve(null);
      }
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
      idle.length = 0;
      busy.clear();
    },
  };
}

import cluster from 'node:cluster';
import type { Logger } from './logger';

/** More replacements than this in a minute is a crash loop: stop instead. */
const MAX_RESTARTS_PER_MINUTE = 10;

/**
 * `WORKERS` server processes on one machine, sharing its port (node:cluster):
 * the N processes of docs/deployment.md without a proxy to spread requests
 * among them, so one machine's cores all serve. Each worker is a whole
 * server (its pools, its queue loop, its session cache) with the guarantees
 * N machines have (scale-out.test.ts); this primary process only hands each
 * new connection to the next worker. A worker that dies after it started
 * serving is replaced (one that closes cleanly, on a signal sent to it, is
 * not); one that dies before (configuration, database) stops everything with
 * its message, as a single process would.
 */
export function superviseWorkers(count: number, logger: Logger): void {
  const serving = new Set<number>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const alive = () => Object.values(cluster.workers ?? {}).filter(Boolean).length;
  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (alive() === 0) process.exit(exitCode);
  };

  cluster.on('listening', (worker) => serving.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    const hadStarted = serving.delete(worker.id);
    if (stopping) {
      if (alive() === 0) process.exit(exitCode);
      return;
    }
    if (!hadStarted) {
      logger.error(`Un proceso de Bufete no pudo arrancar (código ${code ?? signal}): se detienen todos.`);
      stop(1);
      return;
    }
    // Code 0 is a worker that closed on a signal of its own (a terminal's Ctrl+C reaches every
    // process of the group, sometimes the workers first): stopped on purpose, not replaced.
    if (code === 0 && !signal) {
      if (alive() === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      logger.error(`Los procesos de Bufete terminan una y otra vez (${restarts.length} en un minuto): se detienen todos.`);
      stop(1);
      return;
    }
    logger.warn(`Un proceso de Bufete terminó (${signal ?? `código ${code}`}): se inicia otro.`);
    cluster.fork();
  });

  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (let i = 0; i < count; i += 1) cluster.fork();
}

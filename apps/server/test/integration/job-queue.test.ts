import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { createJobQueue } from '../../src/jobs/queue';
import { createLogger } from '../../src/logger';
import { until } from '../support/waiting';

describe('the job queue', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-cola-'));
    database = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // A burst of uploads leaves thousands of texts to read: ten per poll interval per process
  // took half an hour to catch up with 8,000 (bench/README.md). A backlog runs as fast as its jobs.
  it('works through a backlog without waiting a poll interval between batches', async () => {
    const pollMs = 2_000;
    const queue = createJobQueue({ db: database.db, logger: createLogger({ silent: true }), pollMs, leaseMs: 60_000, concurrency: 10 });
    const done: number[] = [];
    queue.register<{ n: number }>('prueba.rapida', { maxAttempts: 1, handle: async ({ n }) => void done.push(n) });
    for (let n = 0; n < 50; n += 1) await queue.enqueue('prueba.rapida', { n });
    const started = Date.now();
    queue.start();
    try {
      // One interval to the first poll; five batches of ten one interval apart would take five.
      await until(() => done.length === 50, 'los 50 trabajos hechos', pollMs * 3);
      expect(Date.now() - started).toBeLessThan(pollMs * 3);
      expect(new Set(done).size).toBe(50);
    } finally {
      await queue.stop();
    }
  });

  // A mail server that accepts a message and never answers keeps its run going: the queue still takes the next jobs.
  it('keeps taking jobs while one run hangs', async () => {
    const pollMs = 200;
    const queue = createJobQueue({ db: database.db, logger: createLogger({ silent: true }), pollMs, leaseMs: 60_000, concurrency: 10 });
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const done: string[] = [];
    queue.register('prueba.colgada', { maxAttempts: 1, handle: () => ((started = true), hanging) });
    queue.register<{ n: string }>('prueba.siguiente', { maxAttempts: 1, handle: async ({ n }) => void done.push(n) });
    await queue.enqueue('prueba.colgada', {});
    queue.start();
    try {
      await until(() => started, 'el trabajo que se cuelga, en marcha');
      await queue.enqueue('prueba.siguiente', { n: 'a' });
      await until(() => done.includes('a'), 'el siguiente trabajo hecho mientras el otro sigue colgado', 5_000);
    } finally {
      release();
      await queue.stop();
    }
  });
});

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
});

import type { Database } from '../db/client';
import { RATE_LIMIT_SWEEP_JOB, sweepRateLimits } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { Bucket, Storage } from '../storage/storage';
import { type ReferencedKeys, sweepOrphanFiles } from '../storage/sweeper';
import type { JobQueue } from './queue';

/** Stored files older than an hour that no row points at are removed this often (one process at a time, through the queue). */
const ORPHAN_SWEEP_JOB = 'storage.sweep-orphans';
const HOURLY = 60 * 60 * 1000;

/**
 * The hourly cleaning that belongs to no module: stored files no row points
 * at (left by a crash between storing and inserting; `references` says, per
 * bucket, which keys rows still use) and rate-limit counters past the longest
 * window. Returns the sweep, which tests and the operator's tools run at will.
 */
export function registerHousekeeping(deps: {
  db: Database;
  jobs: JobQueue;
  storage: Storage;
  logger: Logger;
  references: Partial<Record<Bucket, ReferencedKeys>>;
  longestWindowSeconds: number;
}) {
  const { db, jobs, storage, logger, references, longestWindowSeconds } = deps;
  const sweepOrphans = (now?: number) => sweepOrphanFiles({ storage, logger, now, references });
  jobs.register(ORPHAN_SWEEP_JOB, {
    maxAttempts: 1,
    async handle() {
      const removed = await sweepOrphans();
      if (removed > 0) logger.info(`Limpieza: ${removed} archivos sin registro borrados.`);
    },
  });
  jobs.every(ORPHAN_SWEEP_JOB, HOURLY);
  jobs.register(RATE_LIMIT_SWEEP_JOB, { maxAttempts: 1, handle: async () => void (await sweepRateLimits(db, longestWindowSeconds)) });
  jobs.every(RATE_LIMIT_SWEEP_JOB, HOURLY);
  return sweepOrphans;
}

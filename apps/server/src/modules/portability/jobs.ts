import type { JobQueue } from '../../jobs/queue';
import { EXPORT_JOB, IMPORT_JOB, type PortabilityService } from './service';

/** Every 15 minutes: the zips past their 24 hours are deleted. */
export const EXPORT_SWEEP_JOB = 'cuenta.exportaciones-vencidas';

/**
 * The export's and the import's background runs, registered by the
 * composition root. Three attempts: a process that dies mid-way (its lease
 * runs out) leaves the run to another, which starts it over; a run that fails
 * on its own says so in its row and is not retried.
 */
export function registerPortabilityJobs(queue: JobQueue, portability: PortabilityService) {
  queue.register<{ id: string }>(EXPORT_JOB, {
    maxAttempts: 3,
    retryBaseMs: 60_000,
    handle: ({ id }) => portability.runExport(id),
    onGiveUp: ({ id }) => portability.giveUp(id, 'exportacion'),
  });
  queue.register<{ id: string }>(IMPORT_JOB, {
    maxAttempts: 3,
    retryBaseMs: 60_000,
    handle: ({ id }) => portability.runImport(id),
    onGiveUp: ({ id }) => portability.giveUp(id, 'importacion'),
  });
  queue.register(EXPORT_SWEEP_JOB, { maxAttempts: 1, handle: async () => void (await portability.sweepExpired()) });
  queue.every(EXPORT_SWEEP_JOB, 15 * 60 * 1000);
}

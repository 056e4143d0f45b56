import type { JobQueue } from '../../../jobs/queue';
import { describeError, type Logger } from '../../../logger';
import type { GoogleCalendarService } from './service';

export const SYNC_ALL_JOB = 'calendar.google-sync';

/** Every few minutes, every connected calendar whose last sync is that old (registered by the composition root). */
export function registerGoogleSyncJob(queue: JobQueue, deps: { google: GoogleCalendarService; intervalMs: number; logger: Logger }) {
  queue.register(SYNC_ALL_JOB, {
    maxAttempts: 1,
    async handle() {
      for (const userId of await deps.google.dueForSync(deps.intervalMs)) {
        try {
          await deps.google.sync(userId);
        } catch (error) {
          deps.logger.warn(`Sincronización con Google Calendar fallida para un usuario (${describeError(error).split('\n')[0]})`);
        }
      }
    },
  });
  if (deps.google.configured()) queue.every(SYNC_ALL_JOB, deps.intervalMs);
}

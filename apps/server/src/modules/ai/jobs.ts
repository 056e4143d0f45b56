import { and, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { DocumentService } from '../documents/service';
import { aiChatFiles } from './schema';

const SWEEP_FILES_JOB = 'ai.sweep-files';

/** The assistant's background work, registered by the composition root: hourly, attachments no question used, after a day. */
export function registerAiJobs(db: Database, deps: { queue: JobQueue; documents: DocumentService }) {
  deps.queue.register(SWEEP_FILES_JOB, {
    maxAttempts: 1,
    async handle() {
      // Attachments no question ever used, after a day.
      const stale = await db
        .delete(aiChatFiles)
        .where(and(isNull(aiChatFiles.sessionId), lt(aiChatFiles.createdAt, new Date(Date.now() - 86_400_000))))
        .returning({ key: aiChatFiles.storageKey });
      for (const { key } of stale) await deps.documents.deleteStored(key);
    },
  });
  deps.queue.every(SWEEP_FILES_JOB, 60 * 60 * 1000);
}

import type { JobQueue } from '../../jobs/queue';
import { EXTRACT_TEXT_JOB, type DocumentService } from './service';

/**
 * Documents' background work, registered by the composition root: the text
 * of an uploaded document, read once its file is stored. A busy extraction
 * pool is waited for (its background line); a storage hiccup is tried again
 * with back-off; a document deleted meanwhile is simply skipped.
 */
export function registerDocumentJobs(queue: JobQueue, deps: { documents: DocumentService }) {
  queue.register<{ userId: string; id: string }>(EXTRACT_TEXT_JOB, {
    maxAttempts: 20,
    retryBaseMs: 2_000,
    retryMaxMs: 60_000,
    handle: ({ userId, id }) => deps.documents.readText(userId, id),
  });
}

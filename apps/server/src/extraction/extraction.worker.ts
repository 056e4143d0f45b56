import { parentPort } from 'node:worker_threads';
import { type ExtractionLimits, extractText } from './extract';
import type { DocumentKind } from './file-types';

/** Runs text extraction away from the server's event loop. */
parentPort!.on('message', async (job: { id: number; path: string; kind: DocumentKind; limits?: ExtractionLimits }) => {
  const text = await extractText(job.path, job.kind, job.limits);
  parentPort!.postMessage({ id: job.id, text });
});

import { parentPort } from 'node:worker_threads';
import { type DocxRequest, runDocx } from './docx-merge';
import { type ExtractionLimits, extractText } from './extract';
import type { DocumentKind } from './file-types';

type Job = { id: number } & ({ op: 'extract'; path: string; kind: DocumentKind; limits?: ExtractionLimits } | DocxRequest);

/** Runs text extraction, and reading or filling a Word template, away from the server's event loop. */
parentPort!.on('message', async (job: Job) => {
  const result = job.op === 'extract' ? await extractText(job.path, job.kind, job.limits) : await runDocx(job);
  parentPort!.postMessage({ id: job.id, result });
});

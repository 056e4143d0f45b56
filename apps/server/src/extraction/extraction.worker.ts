import { parentPort } from 'node:worker_threads';
import { type BulletinPagesRequest, type BulletinReadRequest, runBulletinPages, runBulletinRead } from '../modules/bulletins/reading';
import { type DocxRequest, runDocx } from './docx-merge';
import { type ExtractionLimits, extractText } from './extract';
import type { DocumentKind } from './file-types';

type Job = { id: number } & ({ op: 'extract'; path: string; kind: DocumentKind; limits?: ExtractionLimits } | DocxRequest | BulletinReadRequest | BulletinPagesRequest);

/** Runs text extraction, reading or filling a Word template, and reading a court's bulletin, away from the server's event loop. */
parentPort!.on('message', async (job: Job) => {
  const result =
    job.op === 'extract'
      ? await extractText(job.path, job.kind, job.limits)
      : job.op === 'bulletin'
        ? await runBulletinRead(job)
        : job.op === 'bulletin-pages'
          ? await runBulletinPages(job)
          : await runDocx(job);
  parentPort!.postMessage({ id: job.id, result });
});

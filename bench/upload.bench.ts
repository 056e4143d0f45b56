/**
 * Upload and extraction benchmark.
 *  1. Memory while uploading a 50 MB file: the server streams it to disk, so
 *     resident memory must stay flat (peak growth reported, and its ratio to the file size).
 *  2. PDF text extraction time on a 50-page PDF, as a ratio to poppler's
 *     `pdftotext` on the same file (apt-get install poppler-utils).
 *
 *   npm run bench:upload
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '../apps/server/src/config';
import { extractText } from '../apps/server/src/extraction/extract';
import { createExtractionPool } from '../apps/server/src/extraction/pool';
import { createLogger } from '../apps/server/src/logger';
import { startServer } from '../apps/server/src/server';
import { signUpConfirmed } from '../apps/server/test/support/accounts';
import { makePdf } from '../apps/server/test/support/fixtures';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';

const MB = 1024 * 1024;
const dir = await mkdtemp(path.join(tmpdir(), 'bufete-upload-bench-'));
const server = await startServer(
  loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), AUTH_RATE_LIMIT_MAX: '1000' }),
  createLogger({ silent: true }),
);

try {
  // 1. Memory during a 50 MB upload (a ZIP: stored as is, nothing to extract).
  const { client } = await signUpConfirmed({ client: () => new HttpClient(server.url), mail: outboxMailBox(path.join(dir, 'data')) });
  const bigFile = path.join(dir, 'expediente.zip');
  const size = 50 * MB - 64 * 1024;
  const bytes = Buffer.alloc(size, 0x61);
  Buffer.from([0x50, 0x4b, 0x03, 0x04]).copy(bytes);
  await writeFile(bigFile, bytes);
  const boundary = '----bufete-bench';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="expediente.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for await (const chunk of createReadStream(bigFile)) yield chunk as Buffer;
    yield tail;
  }
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/documentos`, {
    method: 'POST',
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: 'half',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length), cookie: client.cookieHeader() },
  } as RequestInit);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (response.status !== 201) throw new Error(`Subida: ${response.status} ${await response.text()}`);
  const growth = peak - baseline;
  console.log('\n1. Subida de 50 MB (servidor y cliente en el mismo proceso)');
  console.table([
    {
      'archivo MB': (size / MB).toFixed(1),
      segundos: seconds.toFixed(2),
      'MB/s': (size / MB / seconds).toFixed(1),
      'RSS inicial MB': (baseline / MB).toFixed(0),
      'crecimiento pico MB': (growth / MB).toFixed(1),
      'crecimiento / archivo': (growth / size).toFixed(2),
    },
  ]);

  // 2. PDF extraction against pdftotext on the same 50-page file.
  const pdfPath = path.join(dir, 'cincuenta.pdf');
  const pages = Array.from({ length: 50 }, (_, i) => `Pagina ${i + 1}. ` + 'Considerando que el demandado incumplio las obligaciones pactadas. '.repeat(2));
  await writeFile(pdfPath, await makePdf(pages));
  const runs = 5;
  const time = async (fn: () => Promise<unknown> | unknown) => {
    await fn();
    const t0 = performance.now();
    for (let i = 0; i < runs; i += 1) await fn();
    return (performance.now() - t0) / runs;
  };
  const ours = await time(() => extractText(pdfPath, 'pdf'));
  const pool = createExtractionPool({ size: 1, timeoutMs: 60_000, maxQueue: 8 });
  const pooled = await time(() => pool.extract(pdfPath, 'pdf'));
  await pool.close();
  const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
  const poppler = hasPoppler ? await time(() => execFileSync('pdftotext', [pdfPath, '-'])) : NaN;
  console.log(`\n2. Extracción de un PDF de 50 páginas (${((await stat(pdfPath)).size / 1024).toFixed(0)} KB), media de ${runs} ejecuciones`);
  console.table([
    { método: 'pdf.js en el proceso', ms: ours.toFixed(1), 'ratio vs pdftotext': hasPoppler ? (ours / poppler).toFixed(2) : 'sin pdftotext' },
    { método: 'pdf.js en el hilo de extracción', ms: pooled.toFixed(1), 'ratio vs pdftotext': hasPoppler ? (pooled / poppler).toFixed(2) : 'sin pdftotext' },
    { método: 'pdftotext (poppler)', ms: hasPoppler ? poppler.toFixed(1) : 'no instalado', 'ratio vs pdftotext': hasPoppler ? '1.00' : '' },
  ]);
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}

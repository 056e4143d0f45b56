import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { randomUUID } from 'node:crypto';
import busboy from 'busboy';
import type { Context } from 'hono';
import { AppError } from './errors';

export interface ReceivedFile {
  /** A temp file holding the upload; the caller moves it to storage, then calls `discard`. */
  path: string;
  name: string;
  size: number;
  /** The first bytes, to decide the type from content. */
  head: Buffer;
  discard(): Promise<void>;
}

const HEAD_BYTES = 4096;
/** Room for the multipart envelope and the small text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Streams a multipart upload (one file plus small fields) to a temp file,
 * counting bytes as they arrive: a file over `maxBytes` is refused without
 * ever being held in memory. A request that declares a larger body is refused
 * before it is read.
 */
export async function receiveUpload(
  c: Context,
  options: { maxBytes: number; tooLargeMessage: string; tmpDir: string; missingFileMessage: string },
): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) throw new AppError(400, 'VALIDATION_ERROR', options.missingFileMessage);
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes + ENVELOPE_BYTES) {
    throw new AppError(413, 'FILE_TOO_LARGE', options.tooLargeMessage);
  }
  const body = c.req.raw.body;
  if (!body) throw new AppError(400, 'VALIDATION_ERROR', options.missingFileMessage);

  await mkdir(options.tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: ReceivedFile | null = null;
  let tooLarge = false;
  const writes: Promise<void>[] = [];

  const parser = busboy({
    headers: { 'content-type': contentType },
    limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 4096 },
    defParamCharset: 'utf8',
  });
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  parser.on('file', (_field, stream, info) => {
    const tempPath = path.join(options.tmpDir, `${randomUUID()}.upload`);
    const chunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        chunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
    });
    stream.on('limit', () => {
      tooLarge = true;
    });
    const discard = () => rm(tempPath, { force: true });
    received = { path: tempPath, name: info.filename || 'archivo', size: 0, head: Buffer.alloc(0), discard };
    writes.push(
      pipeline(stream, createWriteStream(tempPath)).then(() => {
        received!.size = size;
        received!.head = Buffer.concat(chunks);
      }),
    );
  });

  try {
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), parser);
    await Promise.all(writes);
  } catch {
    await (received as ReceivedFile | null)?.discard();
    throw new AppError(400, 'VALIDATION_ERROR', 'No se pudo leer el archivo enviado. Inténtalo de nuevo.');
  }
  const file = received as ReceivedFile | null;
  if (tooLarge) {
    await file?.discard();
    throw new AppError(413, 'FILE_TOO_LARGE', options.tooLargeMessage);
  }
  if (!file || file.size === 0) {
    await file?.discard();
    throw new AppError(400, 'VALIDATION_ERROR', options.missingFileMessage);
  }
  return { file, fields };
}

import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { MSG } from '@bufete/shared';
import busboy from 'busboy';
import type { Context } from 'hono';
import { assertNoControlCharacters, nodeRequestOf } from './body';
import { isDiskFull, storageFull } from '../storage/disk-space';
import { type AppError, appError } from './errors';

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
const FIELD_BYTES = 4096;

const unreadable = () => appError('VALIDATION_ERROR', MSG.documents.archivoIlegible);

/**
 * Streams a multipart upload (one file plus small fields) to a temp file,
 * counting bytes as they arrive: a file over `maxBytes` is refused without
 * ever being held in memory, and a request that declares a larger body is
 * refused before it is read.
 *
 * Every way the body can end is owned here and turned into one answer: the
 * client hanging up (the request stream's 'aborted' error), a body cut short
 * ("Unexpected end of form"), a header without a boundary, a full disk (507). The
 * temp file is removed on every failure, and no stream error is left
 * unobserved to take the process down. (Long on purpose: every ending of the
 * stream is handled in one place, next to the others, so none is missed.)
 */
export async function receiveUpload(
  c: Context,
  options: { maxBytes: number; tooLargeMessage: string | ((fileName: string) => string); tmpDir: string; missingFileMessage: string },
): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
  // Before the file's name has arrived, it is "el archivo adjunto".
  const tooLarge = (fileName: string) => (typeof options.tooLargeMessage === 'function' ? options.tooLargeMessage(fileName) : options.tooLargeMessage);
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw appError('VALIDATION_ERROR', options.missingFileMessage);
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes + ENVELOPE_BYTES) {
    throw appError('FILE_TOO_LARGE', tooLarge('adjunto'));
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: FIELD_BYTES, parts: 40 },
      defParamCharset: 'utf8',
    });
  } catch {
    // "Multipart: Boundary not found" and other malformed headers.
    throw unreadable();
  }

  const incoming = nodeRequestOf(c);
  const webBody = incoming ? null : c.req.raw.body;
  if (!incoming && !webBody) throw appError('VALIDATION_ERROR', options.missingFileMessage);
  const source: Readable = incoming ?? Readable.fromWeb(webBody as WebReadableStream<Uint8Array>);
  await mkdir(options.tmpDir, { recursive: true });

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let temp: { path: string; out: WriteStream; finished: Promise<void>; stream: Readable } | null = null;
    let name = 'archivo';
    // Whether a file was chosen at all: a form sent without one carries an unnamed empty part.
    let named = false;
    let size = 0;
    const head: Buffer[] = [];
    let headLength = 0;
    let settled = false;

    const detach = () => {
      source.off('error', onSourceError);
      source.off('close', onSourceClose);
      source.unpipe(parser);
    };

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      detach();
      // The parser is left to be collected, not destroyed: destroying busboy
      // from inside one of its own callbacks (a 'limit' while it is still
      // parsing a chunk) makes it throw where nothing can catch it. Whatever
      // it still emits is observed and ignored, and the file part is drained
      // into nothing so it never waits on a reader.
      parser.on('error', () => {});
      if (!incoming) source.destroy();
      const pending = temp;
      let closed = Promise.resolve();
      if (pending) {
        pending.stream.on('error', () => {});
        pending.stream.unpipe(pending.out);
        pending.stream.resume();
        pending.out.on('error', () => {});
        pending.finished.catch(() => {});
        // The temp file may not even be open yet: it is removed once its
        // stream has closed, or the open would create it again afterwards.
        if (!pending.out.closed) closed = new Promise((done) => pending.out.once('close', () => done()));
        pending.out.destroy();
      }
      const removal = pending ? closed.then(() => rm(pending.path, { force: true })) : Promise.resolve();
      removal.then(
        () => reject(error),
        () => reject(error),
      );
    };

    const onSourceError = () => fail(unreadable());
    const onSourceClose = () => {
      if (incoming && !incoming.complete) fail(unreadable());
    };

    parser.on('field', (fieldName: string, value: string, info: { valueTruncated: boolean }) => {
      if (info.valueTruncated) return fail(unreadable());
      fields[fieldName] = value;
    });

    parser.on('file', (_field: string, stream: Readable, info: { filename?: string }) => {
      if (temp || settled) {
        stream.resume(); // a second file is ignored (limits: one file)
        return;
      }
      named = !!info.filename?.trim();
      name = info.filename?.trim() || 'archivo';
      const filePath = path.join(options.tmpDir, `${randomUUID()}.upload`);
      const out = createWriteStream(filePath);
      const finished = new Promise<void>((done, broken) => {
        out.on('finish', done);
        out.on('error', broken);
      });
      temp = { path: filePath, out, finished, stream };
      // A full disk says so (507); any other write failure is a busy server (503). The temp file goes either way.
      finished.catch((error: unknown) => fail(isDiskFull(error) ? storageFull(error, filePath) : appError('SERVER_BUSY', MSG.documents.errorSubir)));
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (headLength < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
      });
      stream.on('limit', () => fail(appError('FILE_TOO_LARGE', tooLarge(name))));
      stream.on('error', () => fail(unreadable()));
      stream.pipe(out);
    });

    parser.on('error', () => fail(unreadable()));
    parser.on('close', () => {
      if (settled) return;
      const done = temp?.finished ?? Promise.resolve();
      done.then(
        () => {
          if (settled) return;
          settled = true;
          detach();
          const filePath = temp?.path;
          const discard = () => (filePath ? rm(filePath, { force: true }) : Promise.resolve());
          const problem = (() => {
            try {
              assertNoControlCharacters({ ...fields, name });
            } catch (error) {
              return error as AppError;
            }
            // No file chosen (a browser sends an unnamed empty part) is not a chosen file with nothing in it.
            if (!filePath || (size === 0 && !named)) return appError('VALIDATION_ERROR', options.missingFileMessage);
            if (size === 0) return appError('VALIDATION_ERROR', MSG.documents.archivoVacio(name));
            return null;
          })();
          if (problem) {
            discard().then(
              () => reject(problem),
              () => reject(problem),
            );
            return;
          }
          resolve({ file: { path: filePath!, name, size, head: Buffer.concat(head), discard }, fields });
        },
        () => fail(unreadable()),
      );
    });

    source.on('error', onSourceError);
    source.on('close', onSourceClose);
    source.pipe(parser);
  });
}

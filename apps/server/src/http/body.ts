import type { IncomingMessage } from 'node:http';
import { MSG } from '@bufete/shared';
import type { Context } from 'hono';
import { type AppError, appError } from './errors';

/** JSON bodies of the API are small; uploads have their own streaming limits (upload.ts). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** The Node request behind a Hono context, when served by @hono/node-server. */
export function nodeRequestOf(c: Context): IncomingMessage | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming;
}

function declaresBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return length.trim() !== '0';
  return c.req.header('transfer-encoding') !== undefined;
}

const tooLarge = () => appError('PAYLOAD_TOO_LARGE', MSG.http.cuerpoGrande);
const unreadable = () => appError('VALIDATION_ERROR', MSG.http.cuerpoIlegible);

/**
 * Reads at most `max` bytes of the request body. A declared length over the
 * limit is refused before reading; a body that grows past it while arriving
 * stops being read (the HTTP server discards the rest). A client that hangs
 * up mid-body is a 400, never an unhandled stream error.
 */
export async function readBodyCapped(c: Context, max: number): Promise<Buffer> {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  const incoming = nodeRequestOf(c);
  if (!incoming) {
    // Not behind Node's HTTP server (app.fetch in a script): read the web stream.
    const body = c.req.raw.body;
    if (!body) return Buffer.alloc(0);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > max) throw tooLarge();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: AppError | null) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
      if (error) {
        incoming.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) finish(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(unreadable());
    const onClose = () => {
      if (!incoming.complete) finish(unreadable());
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
    if (incoming.readableEnded) finish(null);
    else if (incoming.destroyed) finish(unreadable());
  });
}

/**
 * The JSON body of a request, or undefined when it has none. Only
 * `application/json` is read (415 otherwise, whatever else it claims to be),
 * and never more than 1 MB.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!declaresBody(c)) return undefined;
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!/^application\/json\s*(;|$)/.test(type)) {
    throw appError('UNSUPPORTED_MEDIA_TYPE', MSG.http.soloJson);
  }
  const bytes = await readBodyCapped(c, JSON_BODY_MAX_BYTES);
  if (bytes.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw unreadable();
  }
  assertNoControlCharacters(value);
  return value;
}

/**
 * PostgreSQL cannot store a NUL byte in text, and no field of ours means to
 * hold one: any string (or key) carrying it is refused as a whole. Walks with
 * an explicit stack, so a deeply nested body cannot overflow it.
 */
export function assertNoControlCharacters(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) throw appError('VALIDATION_ERROR', MSG.validation.caracteresNoValidos);
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        pending.push(key);
        pending.push(item);
      }
    }
  }
}

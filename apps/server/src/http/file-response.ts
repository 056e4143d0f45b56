import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { Bucket, Storage } from '../storage';
import { notFound } from './errors';

export interface StoredFile {
  bucket: Bucket;
  key: string;
  name: string;
  type: string;
  download?: boolean;
}

/** Types a browser may show inline; anything else is always a download. */
const INLINE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'text/plain', 'text/csv']);

function contentDisposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Streams a stored file with its type, disposition and headers that keep the browser from executing it. */
export async function sendStoredFile(c: Context, storage: Storage, file: StoredFile) {
  const object = await storage.get(file.bucket, file.key);
  if (!object) throw notFound();
  const inline = !file.download && INLINE.has(file.type);
  const type = file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type || 'application/octet-stream';
  return new Response(Readable.toWeb(object.body) as ReadableStream, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(object.size),
      'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.name),
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      // A stored file never runs script, even if a browser were talked into rendering it.
      'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}

/**
 * Short-lived links to one stored file (the spec's signed URLs, 3600 s):
 * an HMAC over the file's location and expiry, so the link works in a new tab
 * or a viewer without the session, and only until it expires.
 */
export function createFileSigner(secret: string) {
  const key = createHmac('sha256', secret).update('bufete:signed-files:v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(file: StoredFile, expiresInSeconds: number, now = Date.now()) {
      const expiresAt = Math.floor(now / 1000) + expiresInSeconds;
      const payload = Buffer.from(JSON.stringify({ ...file, exp: expiresAt })).toString('base64url');
      return { token: `${payload}.${sign(payload)}`, expiresAt: new Date(expiresAt * 1000) };
    },
    /** The file a token points to, or a 404 for a forged, altered or expired token. */
    verify(token: string, now = Date.now()): StoredFile {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) throw notFound();
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound();
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StoredFile & { exp: number };
      if (typeof data.exp !== 'number' || data.exp * 1000 < now) throw notFound();
      return { bucket: data.bucket, key: data.key, name: data.name, type: data.type, download: data.download };
    },
  };
}

export type FileSigner = ReturnType<typeof createFileSigner>;

/**
 * A file made for this request (a CSV, a receipt, a CFDI): never cached, never
 * sniffed, downloaded under `name` (or shown, sandboxed, when `inline`).
 */
export function generatedFile(body: string | Uint8Array | ReadableStream, file: { type: string; name: string; inline?: boolean }): Response {
  return new Response(body, {
    headers: {
      'Content-Type': file.type,
      'Content-Disposition': `${file.inline ? 'inline' : 'attachment'}; filename="${file.name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      ...(file.inline ? { 'Content-Security-Policy': "sandbox; default-src 'none'" } : {}),
    },
  });
}

/** Sends bytes made by the server (a shipped template) as a download, with the same protective headers as a stored file. */
export function sendBytes(bytes: Buffer, name: string, type: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': type,
      'Content-Length': String(bytes.length),
      'Content-Disposition': contentDisposition('attachment', name),
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
    },
  });
}

import { MSG } from '@bufete/shared';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves the built SPA: files under dist as they are (hashed assets cached for
 * a year), and index.html for every other GET so client-side routes work on
 * reload (history fallback).
 */
export function serveSpa(distDir: string): MiddlewareHandler {
  const root = path.resolve(distDir);
  let indexHtml: Uint8Array<ArrayBuffer> | undefined;
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text(MSG.http.direccionInvalida, 400);
    }
    if (urlPath.startsWith('/api/')) return next();
    const file = path.resolve(root, `.${urlPath}`);
    if (file.startsWith(root + path.sep) && path.extname(file)) {
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) {
        const body = await readFile(file);
        c.header('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        c.header('Cache-Control', urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        return c.body(new Uint8Array(body));
      }
      if (urlPath.startsWith('/assets/')) return c.text('No encontrado', 404);
    }
    indexHtml ??= new Uint8Array(await readFile(path.join(root, 'index.html')));
    c.header('Content-Type', TYPES['.html']);
    c.header('Cache-Control', 'no-cache');
    return c.body(indexHtml);
  };
}

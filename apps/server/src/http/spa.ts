import { MSG } from '@bufete/shared';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';

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

/** Routes only a visitor sees (spec part 1, 2.1). */
const PUBLIC_ONLY = new Set(['/', '/login', '/register', '/forgot-password']);

/** The encodings a build file was written in (apps/web/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The encodings the browser accepts (q=0 excluded), by name. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name && !params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param))) accepted.add(name);
  }
  return accepted;
}

/**
 * Serves the built SPA: files under dist (hashed assets cached for a year as
 * immutable, anything else for five minutes) and, for every other GET, a
 * page that is never cached: the one the build wrote for that route
 * (dist/pages, apps/web/prerender.ts), else index.html, so client-side routes
 * work on reload (history fallback). Each file is sent pre-compressed
 * (brotli, else gzip) when the build wrote that version and the browser
 * accepts it: compressed once at build time, at the highest level, never per
 * request.
 */
export function serveSpa(distDir: string, options: { signedIn: (c: Context) => Promise<boolean> }): MiddlewareHandler {
  const root = path.resolve(distDir);
  // The build does not change while the server runs: which variants exist is read once per file.
  const variants = new Map<string, Promise<Set<string>>>();
  const variantsOf = (file: string) => {
    let found = variants.get(file);
    if (!found) {
      found = Promise.all(ENCODINGS.map(async ({ name, suffix }) => ((await stat(file + suffix).catch(() => null))?.isFile() ? name : null))).then(
        (names) => new Set(names.filter((name): name is 'br' | 'gzip' => name !== null)),
      );
      variants.set(file, found);
    }
    return found;
  };

  // The routes the build wrote a page for (apps/web/prerender.ts): `/x` → pages/x.html, `/` → pages/index.html.
  const routePages = readdir(path.join(root, 'pages')).then(
    (names) => new Set(names.filter((name) => name.endsWith('.html')).map((name) => name.slice(0, -'.html'.length))),
    () => new Set<string>(),
  );

  /** The file's best variant for this browser: its bytes and encoding. */
  async function send(c: Context, file: string, type: string, cacheControl: string) {
    const available = await variantsOf(file);
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    const encoding = ENCODINGS.find(({ name }) => available.has(name) && accepted.has(name));
    const body = await readFile(encoding ? file + encoding.suffix : file);
    c.header('Content-Type', type);
    c.header('Cache-Control', cacheControl);
    if (available.size > 0) c.header('Vary', 'Accept-Encoding');
    if (encoding) c.header('Content-Encoding', encoding.name);
    return c.body(new Uint8Array(body));
  }

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
    const isPage = path.basename(file) === 'index.html' || urlPath.startsWith('/pages/');
    if (file.startsWith(root + path.sep) && path.extname(file) && !isPage) {
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) {
        return send(
          c,
          file,
          TYPES[path.extname(file)] ?? 'application/octet-stream',
          urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      }
      if (urlPath.startsWith('/assets/')) return c.text('No encontrado', 404);
    }
    // The spec's public-only pages send a signed-in lawyer to /dashboard: here,
    // before any page is sent, so none of them flashes first (the app's guard
    // does the same after a client-side navigation).
    if (PUBLIC_ONLY.has(urlPath) && (await options.signedIn(c))) return c.redirect('/dashboard', 302);
    // Pages name the current hashed assets: always asked again (a new build changes them).
    const route = urlPath === '/' ? 'index' : urlPath.slice(1);
    if ((await routePages).has(route)) return send(c, path.join(root, 'pages', `${route}.html`), TYPES['.html']!, 'no-cache');
    return send(c, path.join(root, 'index.html'), TYPES['.html']!, 'no-cache');
  };
}

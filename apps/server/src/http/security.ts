import { MSG } from '@bufete/shared';
import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix and sonner position popovers and toasts with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every response; HSTS when the public address is https.
 * Set on the finished response's own headers: `c.header()` after the response
 * exists rebuilds the whole Response for each header (seven copies per request
 * in the profile of issue 16).
 */
export const securityHeaders =
  (options: { https: boolean }): MiddlewareHandler =>
  async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (options.https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Stored files set their own, stricter policy (sandbox).
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    // Emailed links carry one-time tokens in the URL: never leak them to other sites.
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };

/**
 * Cookie-authenticated API: a state-changing request must come from our own
 * origin. Browsers send Origin on every cross-site POST, so a request whose
 * Origin differs from the Host it was sent to is refused.
 */
export const sameOriginOnly: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  const origin = c.req.header('origin');
  if (origin) {
    const host = c.req.header('host');
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (!host || originHost !== host) {
      return c.json(errorBody('FORBIDDEN_ORIGIN', MSG.http.forbiddenOrigin), 403);
    }
  }
  return next();
};

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../auth/session';
import { addressKey, clientIp } from './client-ip';

/** What code deep in a service may know of the request it serves (the history's address). */
export interface RequestInfo {
  requestId: string;
  clientIp: string;
  userAgent: string | null;
  /** The member behind the request, when they work in someone else's despacho (the history names them; issue 46). */
  autor?: { id: string; nombre: string };
  /** The person signed in (the despacho's titular or one of its members): a private note is its author's alone. */
  personaId?: string;
  /** A pasante's request: the cases they work on, which every list keeps to (modules/team/pasante.ts). Undefined: the whole despacho. */
  casosVisibles?: readonly string[];
}
const requestStore = new AsyncLocalStorage<RequestInfo>();

/** The request being served, or undefined in background work (jobs, start-up). */
export const currentRequest = (): RequestInfo | undefined => requestStore.getStore();

/**
 * Gives each request an id (returned as X-Request-Id, shown in a 500 answer
 * and written next to its log line, so a lawyer's report finds the log) and
 * resolves the client's address once, honouring TRUST_PROXY.
 */
export function requestContext(options: { trustProxyHops: number }): MiddlewareHandler<AppEnv> {
  // Unique, not secret: this process's random prefix and a counter (random
  // bytes per request cost more CPU than the rest of a request's bookkeeping).
  const prefix = randomBytes(3).toString('hex');
  let counter = 0;
  return async (c, next) => {
    counter += 1;
    const id = `${prefix}${counter.toString(36)}`;
    const ip = clientIp(c, options.trustProxyHops);
    c.set('requestId', id);
    c.set('clientIp', ip);
    c.set('clientNet', addressKey(ip));
    await requestStore.run({ requestId: id, clientIp: ip, userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null }, next);
    // On the response's own headers (see securityHeaders for why not c.header()).
    c.res.headers.set('X-Request-Id', id);
  };
}

/**
 * API answers are personal data: never stored by a browser or a proxy cache.
 * Files set their own policy (private, or immutable for versioned avatars).
 */
export const noStoreJson: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (!headers.has('Cache-Control') && (headers.get('Content-Type') ?? '').startsWith('application/json')) headers.set('Cache-Control', 'no-store');
};

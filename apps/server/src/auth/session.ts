import type { Rol } from '@bufete/shared';
import type { Context } from 'hono';
import { type Auth, SESSION_COOKIE_PREFIX } from './auth';
import type { SessionCache, SignedInUser } from './session-cache';
import { withUnderlyingErrors } from './underlying-errors';

// Defined beside the cache that holds it (one direction between the two files); read here by the routes.
export type { SignedInUser };

/** What every request carries: its id (shown in 500 answers and logs), the client's address and, once signed in, the user. */
export type AppEnv = {
  Variables: {
    user: SignedInUser;
    requestId: string;
    /** The client's address (the history's 'from where'). */
    clientIp: string;
    /** What per-address limits count: the address, or its /64 for IPv6 (http/client-ip.ts). */
    clientNet: string;
  };
};

/** Copies better-auth's Set-Cookie headers (session cookie) onto our response. */
export function forwardCookies(c: Context, headers: Headers | undefined) {
  for (const cookie of headers?.getSetCookie() ?? []) c.header('Set-Cookie', cookie, { append: true });
}

/** The longest a session lives from its sign-in, however often it is used. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=([^;]+)`);

/** The signed session cookie as sent (better-auth checks its signature), or null. */
export function sessionCookieOf(c: Context): string | null {
  return c.req.header('cookie')?.match(SESSION_COOKIE)?.[1] ?? null;
}

/**
 * The signed-in user from the session cookie, or null. A cookie the database
 * confirmed moments ago is answered from the session cache (see
 * session-cache.ts for why that never outlives the session); otherwise
 * better-auth checks it, and refreshes the cookie when it rolls it.
 */
/** Where a session works: the despacho it chose, while the person is still its member; their own otherwise. */
export type DespachoOfSession = (sessionId: string, personId: string) => Promise<{ id: string; rol: Rol; facturacion: boolean }>;

export async function readSession(auth: Auth, cache: SessionCache, c: Context, despachoOf: DespachoOfSession): Promise<SignedInUser | null> {
  const cookie = sessionCookieOf(c);
  if (!cookie) return null;
  const cached = cache.get(cookie);
  if (cached) return cached;
  const since = cache.generation();
  const { headers, response } = await withUnderlyingErrors(() => auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true }));
  forwardCookies(c, headers);
  if (!response) return null;
  // Use keeps a session alive a week at a time, but never past 30 days from its sign-in:
  // a stolen cookie does not live for ever.
  const ends = Math.min(new Date(response.session.expiresAt).getTime(), new Date(response.session.createdAt).getTime() + SESSION_MAX_AGE_MS);
  if (ends <= Date.now()) {
    const { headers: signedOut } = await withUnderlyingErrors(() => auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true }));
    forwardCookies(c, signedOut);
    return null;
  }
  const { id: personId, email, name, emailVerified } = response.user;
  const despacho = await despachoOf(response.session.id, personId);
  const user: SignedInUser = { id: despacho.id, personId, email, name, emailVerified, sessionId: response.session.id, rol: despacho.rol, facturacion: despacho.facturacion };
  cache.set(cookie, user, new Date(ends), since);
  return user;
}

import type { Context, MiddlewareHandler } from 'hono';
import { unauthenticated } from '../http/errors';
import type { Auth } from './auth';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export type AppEnv = { Variables: { user: SignedInUser } };

/** Copies better-auth's Set-Cookie headers (session cookie) onto our response. */
export function forwardCookies(c: Context, headers: Headers | undefined) {
  for (const cookie of headers?.getSetCookie() ?? []) c.header('Set-Cookie', cookie, { append: true });
}

/** The signed-in user from the session cookie, or null. Refreshes the cookie when better-auth rolls it. */
export async function readSession(auth: Auth, c: Context): Promise<SignedInUser | null> {
  const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  forwardCookies(c, headers);
  if (!response) return null;
  const { id, email, name, emailVerified } = response.user;
  return { id, email, name, emailVerified };
}

/** Protected API: the acting user always comes from the session cookie, never from the request. */
export function requireUser(auth: Auth, message?: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await readSession(auth, c);
    if (!user) throw unauthenticated(message);
    c.set('user', user);
    await next();
  };
}

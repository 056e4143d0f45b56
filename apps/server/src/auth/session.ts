import type { Context } from 'hono';
import type { Auth } from './auth';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The session's id: what an OAuth round trip is bound to. */
  sessionId: string;
}

/** What every request carries: its id (shown in 500 answers and logs), the client's address and, once signed in, the user. */
export type AppEnv = { Variables: { user: SignedInUser; requestId: string; clientIp: string } };

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
  return { id, email, name, emailVerified, sessionId: response.session.id };
}

import type { Rol } from '@bufete/shared';

/** The signed-in lawyer as every route reads it (auth/session.ts reads it from the session). */
export interface SignedInUser {
  /**
   * The despacho this request works in: its titular's account, which owns
   * every record of the practice (issue 46). Every query is scoped by it. For
   * a lawyer in their own despacho it is their own id.
   */
  id: string;
  /** The person signed in: their password, second factor, sessions and authorship. */
  personId: string;
  /** The person's address and name (not the despacho's). */
  email: string;
  name: string;
  emailVerified: boolean;
  /** The session's id: what an OAuth round trip is bound to. */
  sessionId: string;
  /** Their role in this despacho, and whether the titular opened invoicing to them. */
  rol: Rol;
  facturacion: boolean;
}

/**
 * The channel the database announces ended sessions on (migration 0015's
 * triggers): 's:<session id>' when a session row goes (sign-out, password
 * change or reset, expiry clean-up), 'u:<user id>' when a user changes or goes.
 */
export const SESSION_CHANNEL = 'bufete_sesiones';

export interface SessionCache {
  /** The user of a signed session cookie read recently, or undefined. */
  get(cookie: string): SignedInUser | undefined;
  /**
   * Remembers a session the database just confirmed. `since` is what
   * `generation()` was before that read: if any session ended meanwhile, the
   * answer may already be stale and is not kept.
   */
  set(cookie: string, user: SignedInUser, expiresAt: Date, since: number): void;
  generation(): number;
  /** A message of SESSION_CHANNEL. */
  ended(message: string): void;
  /** Forgets everything (this process ended sessions itself: it does not wait for the message). */
  clear(): void;
  /** The channel is (again) being listened to: forgets what it may have missed, and starts keeping entries. */
  listening(): void;
}

/**
 * A short-lived, bounded, in-process memory of resolved sessions, so a request
 * does not cost the two database transactions of better-auth's session check.
 * It never outlives the session: the database announces every ended session
 * and changed user to every process (LISTEN/NOTIFY, from triggers, so no code
 * path can forget to), each process forgets it at once, and an entry lives at
 * most `ttlMs` in any case. `ttlMs` 0 turns the cache off.
 */
export function createSessionCache(options: { ttlMs: number; maxEntries: number; now?: () => number }): SessionCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { user: SignedInUser; until: number }>();
  let generation = 0;
  // Nothing is kept until the channel is heard: an ended session could not be forgotten.
  let heard = false;

  function forget(matches: (user: SignedInUser) => boolean) {
    generation += 1;
    for (const [cookie, entry] of entries) if (matches(entry.user)) entries.delete(cookie);
  }

  return {
    get(cookie) {
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(cookie);
        return undefined;
      }
      return entry.user;
    },
    set(cookie, user, expiresAt, since) {
      if (!heard || options.ttlMs <= 0 || since !== generation) return;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(cookie, { user, until: Math.min(now() + options.ttlMs, expiresAt.getTime()) });
    },
    generation: () => generation,
    ended(message) {
      const id = message.slice(2);
      if (message.startsWith('s:')) forget((user) => user.sessionId === id);
      // A person changed, or their place in a despacho did: their sessions, and every session working in their despacho.
      else if (message.startsWith('u:')) forget((user) => user.personId === id || user.id === id);
      else this.clear();
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    listening() {
      this.clear();
      heard = true;
    },
  };
}

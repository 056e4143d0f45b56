import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from './schema';

/** A session's 'last activity' is written at most this often: a list of sessions needs minutes, not every request. */
const WRITE_EVERY_MS = 5 * 60 * 1000;
const HELD = 10_000;

/**
 * Remembers when each session was last used, for Configuración → Seguridad:
 * sessions.updated_at, written at most every five minutes per session and
 * process, after the reply (a failed write only makes the time older).
 */
export function createSessionActivity(db: Database, now: () => number = Date.now) {
  const written = new Map<string, number>();
  return {
    seen(sessionId: string): void {
      const at = now();
      const last = written.get(sessionId);
      if (last !== undefined && at - last < WRITE_EVERY_MS) return;
      written.delete(sessionId);
      if (written.size >= HELD) written.delete(written.keys().next().value!);
      written.set(sessionId, at);
      void db
        .update(sessions)
        .set({ updatedAt: new Date(at) })
        .where(eq(sessions.id, sessionId))
        .catch(() => written.delete(sessionId));
    },
  };
}

export type SessionActivity = ReturnType<typeof createSessionActivity>;

import { MSG } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { appError } from './errors';

export interface RateLimiter {
  /** Counts one hit for `key`; throws a 429 AppError (with `message`, or the generic one) once `max` hits fall in one window. */
  hit(key: string, message?: string): Promise<void>;
}

/** What this process holds of a key's current window, until `until` (ms, this process' clock). */
interface Held {
  /** Hits taken from the database's count and not used yet. */
  left: number;
  /** The window is full: refuse without asking until it ends. */
  full: boolean;
  until: number;
}

/** Keys a process remembers (lawyers, addresses): forgetting one only means asking the database again. */
const HELD_KEYS = 10_000;

/**
 * Fixed-window counters kept in the database, so every server process shares
 * them (an unlogged table: worth nothing after a crash, and a commit that
 * waits for no disk). One atomic upsert per trip: no read-then-write race.
 *
 * A limiter for something people do often (the search as they type) takes
 * `lease` hits of the window at a time and spends them here without asking
 * again: one write per `lease` hits instead of one per hit. The database's
 * count includes the hits taken, so all processes together never admit more
 * than `max` in a window; a process' unused hits are lost when the window
 * ends, so a person may be refused up to (lease − 1) × processes hits early.
 * Limiters against guessing (sign-in, reset links) keep `lease` at 1: each
 * hit is counted where every process sees it at once. Either way a full
 * window is remembered until it ends, so refused requests cost no write.
 */
export function createRateLimiter(db: Database, options: { max: number; windowSeconds: number; lease?: number }): RateLimiter {
  const { max, windowSeconds } = options;
  const lease = Math.max(1, Math.min(options.lease ?? 1, max));
  const held = new Map<string, Held>();

  function hold(key: string, value: Held) {
    held.delete(key);
    if (held.size >= HELD_KEYS) held.delete(held.keys().next().value!);
    held.set(key, value);
  }

  return {
    async hit(key, message = MSG.http.tooManyRequests) {
      const now = Date.now();
      const mine = held.get(key);
      if (mine && mine.until > now) {
        if (mine.full) throw appError('RATE_LIMITED', message);
        if (mine.left > 0) {
          mine.left -= 1;
          return;
        }
      }
      const rows = await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${key}, now(), ${lease})
        on conflict (key) do update set
          count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                       then ${lease} else rate_limits.count + ${lease} end,
          window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                       then now() else rate_limits.window_start end
        returning count,
          (extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) * 1000)::float8 as remaining_ms`);
      const [row] = rowsOf<{ count: number; remaining_ms: number }>(rows);
      const count = Number(row!.count);
      const until = now + Number(row!.remaining_ms);
      // Of the `lease` just counted, those that still fit in the window are ours.
      const granted = Math.min(lease, max - (count - lease));
      if (granted <= 0) {
        hold(key, { left: 0, full: true, until });
        throw appError('RATE_LIMITED', message);
      }
      if (granted > 1) hold(key, { left: granted - 1, full: false, until });
      else held.delete(key);
    },
  };
}

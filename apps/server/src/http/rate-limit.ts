import { MSG } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { appError } from './errors';

export interface RateLimiter {
  /** Counts one hit for `key`; throws a 429 AppError (with `message`, or the generic one) once `max` hits fall in one window. */
  hit(key: string, message?: string): Promise<void>;
}

/** What this process holds of a key's window (the database's `window_start`), until `until` (ms, this process' clock). */
interface Held {
  window: number;
  until: number;
  /** Hits taken from the shared count and not used yet. */
  left: number;
  /** The shared count has no more for this window: once `left` is spent, refuse without asking. */
  exhausted: boolean;
}

/** Keys a process remembers (lawyers, addresses): forgetting one only means asking the database again. */
const HELD_KEYS = 10_000;

/**
 * Fixed-window counters kept in the database, so every server process shares
 * them (an unlogged table: worth nothing after a crash, and a commit that
 * waits for no disk). Each trip is one atomic upsert: no read-then-write race.
 *
 * A limiter for something people do often (the search as they type) takes
 * `lease` hits of the window per trip and spends them in the process, asking
 * for the next lease while half of this one is left, so a hit rarely waits
 * for the database; one trip per key at a time. The shared count includes
 * every hit taken, so all processes together never admit more than `max` in
 * a window; hits a process took and did not use are lost when the window
 * ends, so a person may be refused up to (2 × lease − 1) × processes hits
 * early. Limiters against guessing (sign-in, reset links) keep `lease` at 1:
 * each hit counted where every process sees it at once. Either way a full
 * window is remembered until it ends, so refused requests cost no write.
 * Decision 0018.
 */
export function createRateLimiter(db: Database, options: { max: number; windowSeconds: number; lease?: number }): RateLimiter {
  const { max, windowSeconds } = options;
  const lease = Math.max(1, Math.min(options.lease ?? 1, max));
  const held = new Map<string, Held>();
  const asking = new Map<string, Promise<void>>();

  function hold(key: string, value: Held) {
    held.delete(key);
    if (held.size >= HELD_KEYS) held.delete(held.keys().next().value!);
    held.set(key, value);
  }

  /** What this process holds of the key's current window, if anything. */
  function current(key: string): Held | undefined {
    const mine = held.get(key);
    return mine && mine.until > Date.now() ? mine : undefined;
  }

  /** One trip: adds `lease` to the shared count and keeps the part of it that fits in the window. */
  function take(key: string): Promise<void> {
    const trip = (async () => {
      const rows = await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${key}, now(), ${lease})
        on conflict (key) do update set
          count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                       then ${lease} else rate_limits.count + ${lease} end,
          window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                       then now() else rate_limits.window_start end
        returning count,
          (extract(epoch from window_start) * 1000)::float8 as window,
          (extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) * 1000)::float8 as remaining_ms`);
      const row = rowsOf<{ count: number; window: number; remaining_ms: number }>(rows)[0]!;
      const window = Number(row.window);
      const granted = Math.min(lease, max - (Number(row.count) - lease));
      const mine = current(key);
      const left = (mine?.window === window ? mine.left : 0) + Math.max(0, granted);
      hold(key, { window, until: Date.now() + Number(row.remaining_ms), left, exhausted: granted < lease });
    })().finally(() => asking.delete(key));
    asking.set(key, trip);
    return trip;
  }

  return {
    async hit(key, message = MSG.http.tooManyRequests) {
      for (;;) {
        const mine = current(key);
        if (mine && mine.left > 0) {
          mine.left -= 1;
          // Half the lease left: the next one is asked for now, off this request's path.
          if (lease > 1 && !mine.exhausted && mine.left <= lease / 2 && !asking.has(key)) take(key).catch(() => {});
          return;
        }
        if (mine?.exhausted) throw appError('RATE_LIMITED', message);
        // Nothing held: wait for the trip under way, or make one, then look again.
        await (asking.get(key) ?? take(key));
      }
    },
  };
}

/** The job that forgets counters whose window ended long ago (registered in app.ts, hourly). */
export const RATE_LIMIT_SWEEP_JOB = 'rate-limits.sweep';

/**
 * Deletes the counters whose window has ended, whichever limiter they belong
 * to (`longestWindowSeconds`: the longest of them): without it, each address
 * that ever signed in, and each lawyer, kept a row forever. Returns how many went.
 */
export async function sweepRateLimits(db: Database, longestWindowSeconds: number): Promise<number> {
  const rows = await db.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${longestWindowSeconds}) returning key`);
  return rowsOf(rows).length;
}

import { MSG } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { appError } from './errors';

export interface RateLimiter {
  /** Counts one hit for `key`; throws a 429 AppError (with `message`, or the generic one) once `max` hits fall in one window. */
  hit(key: string, message?: string): Promise<void>;
}

/**
 * Fixed-window counters kept in the database, so every server process shares
 * them. One atomic upsert per hit: no read-then-write race.
 */
export function createRateLimiter(db: Database, options: { max: number; windowSeconds: number }): RateLimiter {
  return {
    async hit(key, message = MSG.http.tooManyRequests) {
      const rows = await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start < now() - make_interval(secs => ${options.windowSeconds})
                       then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start < now() - make_interval(secs => ${options.windowSeconds})
                       then now() else rate_limits.window_start end
        returning count,
          ceil(extract(epoch from (window_start + make_interval(secs => ${options.windowSeconds}) - now())))::int as retry_after`);
      const [row] = rowsOf<{ count: number; retry_after: number }>(rows);
      if (row && Number(row.count) > options.max) {
        throw appError('RATE_LIMITED', message);
      }
    },
  };
}

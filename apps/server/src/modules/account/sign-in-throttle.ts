import { MSG } from '@bufete/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signInFailures } from './schema';
import { appError } from '../../http/errors';

/** Wrong passwords allowed for an account before it has to wait. */
export const FREE_FAILURES = 5;
/** The first wait; each further failure doubles it, up to MAX_BLOCK_SECONDS. */
export const FIRST_BLOCK_SECONDS = 30;
export const MAX_BLOCK_SECONDS = 15 * 60;
/** A day without failures forgets the earlier ones. */
const FORGET_AFTER = '24 hours';

/**
 * Per-account limit on guessing passwords, on top of the per-address limit:
 * an attacker spreading attempts over many addresses still waits longer and
 * longer for one account. Decided in one atomic upsert per failure, so it holds
 * across server processes.
 */
export function createSignInThrottle(db: Database) {
  return {
    /** Throws 429 while the account must wait. */
    async assertAllowed(email: string): Promise<void> {
      const [row] = await db.select({ blockedUntil: signInFailures.blockedUntil }).from(signInFailures).where(eq(signInFailures.email, email)).limit(1);
      const wait = row?.blockedUntil ? Math.ceil((row.blockedUntil.getTime() - Date.now()) / 1000) : 0;
      if (wait > 0) throw appError('RATE_LIMITED', MSG.login.cuentaBloqueada(wait));
    },

    /** One atomic upsert: every SET expression reads the row as it was, so the new count is computed once per branch. */
    async recordFailure(email: string): Promise<void> {
      const next = sql`(case when sign_in_failures.last_failure_at < now() - interval '${sql.raw(FORGET_AFTER)}' then 1 else sign_in_failures.failures + 1 end)`;
      await db.execute(sql`
        insert into sign_in_failures (email, failures, last_failure_at, blocked_until)
        values (${email}, 1, now(), ${FREE_FAILURES <= 1 ? sql`now() + make_interval(secs => ${FIRST_BLOCK_SECONDS})` : sql`null`})
        on conflict (email) do update set
          failures = ${next},
          last_failure_at = now(),
          blocked_until = case when ${next} >= ${FREE_FAILURES}
            then now() + make_interval(secs => least(${MAX_BLOCK_SECONDS}, ${FIRST_BLOCK_SECONDS} * power(2, ${next} - ${FREE_FAILURES}))::int)
            else null end`);
    },

    async recordSuccess(email: string): Promise<void> {
      await db.delete(signInFailures).where(eq(signInFailures.email, email));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { describeError, type Logger } from '../../../logger';
import { randomToken } from '../../../security/secret-box';
import { googleCalendarTokens } from '../schema';

/** One sync or push per lawyer at a time: in this process (a queue per lawyer) and across processes (a lease). */
export function createSyncLease(db: Database, deps: { config: Config; logger: Logger }) {
  const { logger } = deps;

  /** In this process, one sync or push per lawyer at a time: the next waits for the one running. */
  const running = new Map<string, Promise<unknown>>();
  function serialized<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = running.get(userId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    running.set(userId, next);
    void next
      .finally(() => {
        if (running.get(userId) === next) running.delete(userId);
      })
      .catch(() => undefined);
    return next;
  }

  /**
   * The lawyer's sync lease (one sync or push at a time per lawyer, across
   * processes), taken with a holder id: it is renewed while its work runs,
   * so a long sync never loses it to another process, and only its holder
   * releases it. A holder that died lets it expire after syncLeaseMs.
   */
  async function lease(userId: string): Promise<{ release(): Promise<void> } | null> {
    const holder = randomToken();
    const leaseMs = deps.config.google.syncLeaseMs;
    const taken = await db
      .update(googleCalendarTokens)
      .set({ syncStartedAt: new Date(), syncHolder: holder })
      .where(and(eq(googleCalendarTokens.userId, userId), or(isNull(googleCalendarTokens.syncStartedAt), lt(googleCalendarTokens.syncStartedAt, new Date(Date.now() - leaseMs)))))
      .returning({ userId: googleCalendarTokens.userId });
    if (taken.length === 0) return null;
    const mine = and(eq(googleCalendarTokens.userId, userId), eq(googleCalendarTokens.syncHolder, holder));
    const renewal = setInterval(
      () => {
        db.update(googleCalendarTokens)
          .set({ syncStartedAt: new Date() })
          .where(mine)
          .catch((error: unknown) => logger.warn(`No se pudo renovar la sincronización con Google (${describeError(error).split('\n')[0]})`));
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    return {
      async release() {
        clearInterval(renewal);
        await db.update(googleCalendarTokens).set({ syncStartedAt: null, syncHolder: null }).where(mine);
      },
    };
  }

  return { serialized, lease };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../logger';

/**
 * better-auth catches what its database adapter throws, logs it and throws
 * its own `APIError('Failed to get session')` instead, so the caller cannot
 * tell a PostgreSQL backend ended by a restart (a 503: try again in a moment)
 * from a bug (a 500). Its logger is the one place that still sees the
 * original error: calls made through `withUnderlyingErrors` keep it there and
 * rethrow it, so app.onError classifies the real cause; anything better-auth
 * logs outside such a call goes to our logger, which never prints a query's
 * parameters (better-auth's own would print the session token of a failed
 * lookup).
 */
const held = new AsyncLocalStorage<{ error?: unknown }>();

/** Runs a better-auth call; if it failed over an error it logged, that error is thrown instead of better-auth's wrapper. */
export async function withUnderlyingErrors<T>(call: () => Promise<T>): Promise<T> {
  const slot: { error?: unknown } = {};
  try {
    return await held.run(slot, call);
  } catch (error) {
    throw slot.error ?? error;
  }
}

/** better-auth's `logger.log`: errors go to the call that is waiting for them, or to our log. */
export function betterAuthLog(logger: Logger) {
  return (level: string, message: unknown, ...args: unknown[]) => {
    if (level !== 'error') return;
    const error = [message, ...args].find((arg) => arg instanceof Error);
    const slot = held.getStore();
    if (slot) {
      // The first is the cause; better-auth then logs its own wrapper of it.
      slot.error ??= error;
      if (error) return;
    }
    logger.error(`better-auth: ${typeof message === 'string' ? message.slice(0, 200) : 'error'}`, error);
  };
}

/**
 * The requests whose handler is still running. A server closing its socket
 * is not enough before the database closes: a client that hung up leaves its
 * handler running (a search halfway through its queries, a save inside its
 * transaction), and closing the pool under it turns its next query into an
 * error. `stop()` waits for these first, up to a limit.
 */
export function inFlightRequests() {
  let running = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    running -= 1;
    if (running === 0) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  };
  return {
    /** `fetch`, counted while its answer is being made. */
    track<Args extends unknown[], Result>(fetch: (...args: Args) => Result | Promise<Result>) {
      return async (...args: Args): Promise<Result> => {
        running += 1;
        try {
          return await fetch(...args);
        } finally {
          settle();
        }
      };
    },
    /** Resolves when none is running, or after `limitMs` (true when all ended). */
    drained(limitMs: number): Promise<boolean> {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), limitMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    get running() {
      return running;
    },
  };
}

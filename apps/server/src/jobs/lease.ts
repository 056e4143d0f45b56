/**
 * Claims that outlive their holder. A row that says "I am sending this"
 * (a reminder 'sending', a calendar reminder claimed, a daily summary
 * claimed) is renewed while the work runs; a holder that dies (power cut,
 * kill -9) stops renewing it, and after `leaseMs` whoever looks next takes it
 * back and does the work again. Nothing waits forever on a dead process.
 */

/** Runs `work` while calling `renew` every third of `leaseMs` (a live holder keeps its claim however long the work takes). */
export async function holding<T>(leaseMs: number, renew: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => void renew().catch(() => {}), Math.max(250, Math.floor(leaseMs / 3)));
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** Thrown by a job that finds its work claimed by a process still renewing the claim: the queue tries again later. */
export class HeldElsewhereError extends Error {
  readonly code = 'HELD_ELSEWHERE';
  constructor() {
    super('Otro proceso lo está haciendo en este momento');
  }
}

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { createRateLimiter, type RateLimiter } from '../../src/http/rate-limit';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';

const backends = await backendsToTest();

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`límites de frecuencia compartidos (${label})`, () => {
    let ts: TestServer;
    beforeAll(async () => {
      ts = await startTestServer({ backend });
    });
    afterAll(async () => {
      await ts?.stop();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const db = () => ts.server.database.db;
    /** The window's count as the database keeps it (what every process sees). */
    const counted = async (key: string) => Number(rowsOf<{ count: number }>(await db().execute(sql`select count from rate_limits where key = ${key}`))[0]?.count ?? 0);
    /** How many of `n` hits the limiter lets through. */
    async function admitted(limiter: RateLimiter, key: string, n: number) {
      let passed = 0;
      for (let i = 0; i < n; i += 1) {
        try {
          await limiter.hit(key);
          passed += 1;
        } catch (error) {
          expect(error).toMatchObject({ status: 429 });
        }
      }
      return passed;
    }

    it('takes hits in leases: one write per lease, and two processes together never admit more than the maximum', async () => {
      const key = `buscar:${backend}-lease`;
      // Two limiters on one database are two server processes.
      const a = createRateLimiter(db(), { max: 25, windowSeconds: 60, lease: 10 });
      const b = createRateLimiter(db(), { max: 25, windowSeconds: 60, lease: 10 });
      expect(await admitted(a, key, 1)).toBe(1);
      expect(await counted(key)).toBe(10);
      expect(await admitted(a, key, 9)).toBe(9);
      // Nine hits later the database was not asked again.
      expect(await counted(key)).toBe(10);
      expect(await admitted(b, key, 10)).toBe(10);
      expect(await counted(key)).toBe(20);
      // Five fit; whatever either asks for after that is refused.
      expect(await admitted(a, key, 8)).toBe(5);
      expect(await admitted(b, key, 8)).toBe(0);
      expect(await admitted(createRateLimiter(db(), { max: 25, windowSeconds: 60, lease: 10 }), key, 3)).toBe(0);
    });

    it('counts every hit where all processes see it when the lease is one, and refuses a full window without writing', async () => {
      const key = `forgot-password:${backend}-exact`;
      const a = createRateLimiter(db(), { max: 3, windowSeconds: 60 });
      const b = createRateLimiter(db(), { max: 3, windowSeconds: 60 });
      expect(await admitted(a, key, 2)).toBe(2);
      expect(await admitted(b, key, 1)).toBe(1);
      expect(await counted(key)).toBe(3);
      expect(await admitted(a, key, 1)).toBe(0);
      expect(await counted(key)).toBe(4);
      // Refused again, by memory: no more writes this window.
      expect(await admitted(a, key, 5)).toBe(0);
      expect(await counted(key)).toBe(4);

      // A minute later (the database's clock and this process'), a new window.
      await db().execute(sql`update rate_limits set window_start = now() - interval '61 seconds' where key = ${key}`);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      expect(await admitted(a, key, 1)).toBe(1);
      expect(await counted(key)).toBe(1);
    });
  });
}

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

    it('takes hits in leases, asks for the next while half is left, and two processes together never admit more than the maximum', async () => {
      const key = `buscar:${backend}-lease`;
      // Two limiters on one database are two server processes.
      const a = createRateLimiter(db(), { max: 25, windowSeconds: 60, lease: 10 });
      const b = createRateLimiter(db(), { max: 25, windowSeconds: 60, lease: 10 });
      expect(await admitted(a, key, 1)).toBe(1);
      expect(await counted(key)).toBe(10);
      // Three hits later the database was not asked again.
      expect(await admitted(a, key, 3)).toBe(3);
      expect(await counted(key)).toBe(10);
      // The fifth leaves half the lease: the next ten are taken behind it.
      expect(await admitted(a, key, 1)).toBe(1);
      await expect.poll(() => counted(key)).toBe(20);
      // B gets what is left of the window (5), then nothing: 15 held by A, 5 by B, 5 spent.
      expect(await admitted(b, key, 8)).toBe(5);
      expect(await admitted(a, key, 30)).toBe(15);
      expect(await admitted(createRateLimiter(db(), { max: 25, windowSeconds: 60, lease: 10 }), key, 3)).toBe(0);
    });

    it('asks once for many hits at the same moment', async () => {
      const key = `buscar:${backend}-together`;
      const limiter = createRateLimiter(db(), { max: 300, windowSeconds: 60, lease: 10 });
      await Promise.all(Array.from({ length: 8 }, () => limiter.hit(key)));
      // One trip took ten for the eight; the one behind it (two left) ten more.
      await expect.poll(() => counted(key)).toBe(20);
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

    it('forgets counters whose window ended, in the hourly sweep, and keeps the others', async () => {
      const ended = `sign-in:${backend}-ended`;
      const live = `sign-in:${backend}-live`;
      await db().execute(sql`insert into rate_limits (key, window_start, count) values (${ended}, now() - interval '11 minutes', 3), (${live}, now(), 3)`);
      // The sweep is a periodic job of the server's queue (scheduled at start).
      await expect
        .poll(async () => {
          await ts.server.jobs.tick();
          return counted(ended);
        })
        .toBe(0);
      expect(await counted(live)).toBe(3);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../../src/auth/session-cache';

const ana = { id: 'u-ana', personId: 'u-ana', email: 'ana@example.mx', name: 'Ana', emailVerified: true, sessionId: 's-ana', rol: 'titular' as const, facturacion: true };
const ana2 = { ...ana, sessionId: 's-ana-2' };
const beto = { id: 'u-beto', personId: 'u-beto', email: 'beto@example.mx', name: 'Beto', emailVerified: true, sessionId: 's-beto', rol: 'titular' as const, facturacion: true };
const farFuture = new Date(Date.now() + 86_400_000);

function cacheAt(clock: { now: number }, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const cache = createSessionCache({ ttlMs: options.ttlMs ?? 30_000, maxEntries: options.maxEntries ?? 100, now: () => clock.now });
  cache.listening();
  return cache;
}

describe('la caché de sesiones', () => {
  it('keeps nothing until the database channel is heard', () => {
    const cache = createSessionCache({ ttlMs: 30_000, maxEntries: 10 });
    cache.set('c1', ana, farFuture, cache.generation());
    expect(cache.get('c1')).toBeUndefined();
    cache.listening();
    cache.set('c1', ana, farFuture, cache.generation());
    expect(cache.get('c1')).toEqual(ana);
  });

  it('forgets an ended session, or every session of a changed user, and only those', () => {
    const cache = cacheAt({ now: 0 });
    cache.set('c-ana', ana, farFuture, cache.generation());
    cache.set('c-ana-2', ana2, farFuture, cache.generation());
    cache.set('c-beto', beto, farFuture, cache.generation());
    cache.ended('s:s-ana');
    expect(cache.get('c-ana')).toBeUndefined();
    expect(cache.get('c-ana-2')).toEqual(ana2);
    cache.ended('u:u-ana');
    expect(cache.get('c-ana-2')).toBeUndefined();
    expect(cache.get('c-beto')).toEqual(beto);
    // A message it does not understand: forget everything rather than guess.
    cache.ended('x');
    expect(cache.get('c-beto')).toBeUndefined();
  });

  it('does not keep an answer read while a session ended (it may be stale)', () => {
    const cache = cacheAt({ now: 0 });
    const since = cache.generation();
    cache.ended('s:s-ana'); // arrives while the database was being read
    cache.set('c-ana', ana, farFuture, since);
    expect(cache.get('c-ana')).toBeUndefined();
  });

  it('lives at most its time, never past the session, and holds a bounded number', () => {
    const clock = { now: 1_000 };
    const cache = cacheAt(clock, { ttlMs: 30_000, maxEntries: 2 });
    cache.set('c-ana', ana, new Date(11_000), cache.generation());
    cache.set('c-beto', beto, farFuture, cache.generation());
    clock.now = 11_000;
    expect(cache.get('c-ana')).toBeUndefined();
    expect(cache.get('c-beto')).toEqual(beto);
    clock.now = 31_000;
    expect(cache.get('c-beto')).toBeUndefined();
    cache.set('a', ana, farFuture, cache.generation());
    cache.set('b', ana2, farFuture, cache.generation());
    cache.set('c', beto, farFuture, cache.generation());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toEqual(beto);
  });

  it('is off with a time of 0', () => {
    const cache = cacheAt({ now: 0 }, { ttlMs: 0 });
    cache.set('c-ana', ana, farFuture, cache.generation());
    expect(cache.get('c-ana')).toBeUndefined();
  });
});

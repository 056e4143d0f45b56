import { describe, expect, it } from 'vitest';
import { inFlightRequests } from '../../src/http/in-flight';

describe('inFlightRequests', () => {
  it('is drained at once when nothing runs, and only when the last handler ends otherwise', async () => {
    const requests = inFlightRequests();
    expect(await requests.drained(1000)).toBe(true);

    let finish!: () => void;
    const handler = requests.track(() => new Promise<string>((resolve) => (finish = () => resolve('hecho'))));
    const failing = requests.track(async () => {
      throw new Error('falló');
    });
    const answer = handler();
    await expect(failing()).rejects.toThrow('falló'); // a failed handler is not counted as running
    expect(requests.running).toBe(1);

    let drained: boolean | undefined;
    const waiting = requests.drained(60_000).then((value) => (drained = value));
    await Promise.resolve();
    expect(drained).toBeUndefined();
    finish();
    expect(await answer).toBe('hecho');
    await waiting;
    expect(drained).toBe(true);
    expect(requests.running).toBe(0);
  });

  it('gives up after its limit, saying so', async () => {
    const requests = inFlightRequests();
    void requests.track(() => new Promise(() => {}))();
    expect(await requests.drained(10)).toBe(false);
    expect(requests.running).toBe(1);
  });
});

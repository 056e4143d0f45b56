import { afterEach, beforeEach, expect, vi } from 'vitest';

/** A test that logs console.error fails (docs/ARCHITECTURE.md, "Tests"): errors are bugs we must see. */
let errors: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errors?.mock.calls ?? [];
  errors?.mockRestore();
  expect(
    calls.map((args: unknown[]) => args.map(String).join(' ')),
    'console.error durante la prueba',
  ).toEqual([]);
});

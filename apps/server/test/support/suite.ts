import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { signUpConfirmed } from './accounts';
import type { HttpClient } from './http-client';
import { startTestServer, type TestServer } from './server';

/**
 * A server for a describe block, with one signed-in lawyer: started before
 * its tests, stopped after. Read `suite.ts` and `suite.alice` inside the tests.
 */
export function serverWithLawyer(options?: Parameters<typeof startTestServer>[0]) {
  const suite = {} as { ts: TestServer; alice: HttpClient };
  beforeAll(async () => {
    suite.ts = await startTestServer(options);
    suite.alice = (await signUpConfirmed(suite.ts)).client;
  });
  afterAll(async () => {
    await suite.ts?.stop();
  });
  return suite;
}

/**
 * A server for a describe block with two signed-in lawyers, `alice` and `bob`
 * (the second to prove the first's records are hers alone): started before its
 * tests, stopped after.
 */
export function serverWithTwoLawyers(
  options?: Parameters<typeof startTestServer>[0],
  names: { alice?: Parameters<typeof signUpConfirmed>[1]; bob?: Parameters<typeof signUpConfirmed>[1] } = {},
) {
  const suite = {} as { ts: TestServer; alice: HttpClient; bob: HttpClient };
  beforeAll(async () => {
    suite.ts = await startTestServer(options);
    suite.alice = (await signUpConfirmed(suite.ts, names.alice)).client;
    suite.bob = (await signUpConfirmed(suite.ts, names.bob)).client;
  });
  afterAll(async () => {
    await suite.ts?.stop();
  });
  return suite;
}

/** Every file below `dir` (none when it does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

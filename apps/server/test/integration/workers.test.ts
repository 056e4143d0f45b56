import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { postgresAvailable, type ServerProcess, startServerProcess, startTestServer, type TestServer } from '../support/server';
import { freePort, until } from '../support/waiting';
import { childrenOf } from '../support/processes';

/**
 * WORKERS server processes on one machine sharing its port (workers.ts), as
 * `npm start` runs them: the real entry point, a real PostgreSQL.
 */
describe.runIf(await postgresAvailable())('varios procesos en una máquina (WORKERS)', () => {
  let first: TestServer;
  let primary: ServerProcess;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    // A server on the database first, to make the account the workers will serve.
    first = await startTestServer({ backend: 'postgres' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-workers-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    primary = startServerProcess({ ...first.env, DATA_DIR: dataDir, PORT: String(port), APP_URL: url, WORKERS: '2' });
    await until(() => primary.output().includes('(proceso 1)') && primary.output().includes('(proceso 2)'), 'dos procesos escuchando');
  });
  afterAll(async () => {
    if (primary.child.exitCode === null) primary.child.kill('SIGKILL');
    await first?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers a session made by another process, replaces a worker that dies but not one stopped on purpose, and stops them all', async () => {
    const { client } = await signUpConfirmed(first);
    const workers = childrenOf(primary.child.pid!);
    expect(workers).toHaveLength(2);

    // Requests at once open several connections, handed to the workers in turn: the session holds on each.
    const casos = () => fetch(`${url}/api/casos`, { headers: { cookie: client.cookieHeader() } }).then((res) => res.status);
    expect(await Promise.all(Array.from({ length: 6 }, casos))).toEqual(Array(6).fill(200));

    // One dies: another takes its place, and the port keeps answering meanwhile.
    process.kill(workers[0]!, 'SIGKILL');
    const replaced = await until(() => {
      const now = childrenOf(primary.child.pid!);
      return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
    }, 'un proceso nuevo');
    expect(replaced).toContain(workers[1]);
    await until(() => primary.output().includes('(proceso 3)'), 'el nuevo proceso escuchando');
    expect(primary.output()).toContain('se inicia otro');
    expect(await Promise.all(Array.from({ length: 6 }, casos))).toEqual(Array(6).fill(200));

    // One stopped on purpose (its own SIGTERM, a clean close) is not replaced.
    process.kill(replaced[0]!, 'SIGTERM');
    await until(() => childrenOf(primary.child.pid!).length === 1 || undefined, 'un proceso menos');
    expect(primary.output()).not.toContain('(proceso 4)');
    expect(await Promise.all(Array.from({ length: 3 }, casos))).toEqual(Array(3).fill(200));

    // A stop ends every process.
    primary.child.kill('SIGTERM');
    expect(await primary.exited()).toBe(0);
    for (const pid of replaced) await until(() => !existsSync(`/proc/${pid}`), `el proceso ${pid} terminado`);
  });

  it('stops with the reason when its workers cannot start, instead of starting them again and again', async () => {
    const url = new URL(first.env.DATABASE_URL!);
    url.pathname = '/bufete_no_existe';
    const failing = startServerProcess({ ...first.env, DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: url.toString(), WORKERS: '2' });
    expect(await failing.exited()).toBe(1);
    expect(failing.output()).toContain('bufete_no_existe');
    expect(failing.output()).toContain('no pudo arrancar');
  });
});

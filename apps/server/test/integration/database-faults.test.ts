import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountApi, casosApi, clientesApi, MSG } from '@bufete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { pgClient, POSTGRES_ADMIN_URL, postgresAvailable, type ServerProcess, startServerProcess, startTestServer, type TestServer } from '../support/server';
import { freePort, until } from '../support/waiting';
import { childrenOf } from '../support/processes';


interface Answer {
  status: number;
  code?: string;
  message?: string;
  /** The connection itself failed (reset, refused): what must never happen. */
  broken?: string;
}

/**
 * PostgreSQL ending the app's connections — a restart, a failover, an idle
 * timeout — while two worker processes serve requests: as `npm start` runs
 * with WORKERS=2, and as pg_terminate_backend does it.
 */
describe.runIf(await postgresAvailable())('PostgreSQL corta las conexiones de la aplicación', () => {
  let first: TestServer;
  let primary: ServerProcess;
  let url: string;
  let dataDir: string;
  let databaseName: string;

  beforeAll(async () => {
    first = await startTestServer({ backend: 'postgres' });
    databaseName = new URL(first.env.DATABASE_URL!).pathname.slice(1);
    dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-pg-faults-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    primary = startServerProcess({ ...first.env, DATA_DIR: dataDir, PORT: String(port), APP_URL: url, WORKERS: '2', JOBS_POLL_SECONDS: '0.5' });
    await until(() => primary.output().includes('(proceso 1)') && primary.output().includes('(proceso 2)'), 'dos procesos escuchando', 60_000);
  });
  afterAll(async () => {
    if (primary?.child.exitCode === null) {
      primary.child.kill('SIGTERM');
      await primary.exited();
    }
    await first?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Ends every connection of the app's database but this one, as an administrator does. */
  async function terminateBackends(): Promise<number> {
    const admin = await pgClient(POSTGRES_ADMIN_URL);
    try {
      const result = await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
      return Number(result.rows[0].n);
    } finally {
      await admin.end();
    }
  }

  it('no worker exits, every request in flight gets an answer (a Spanish 503 at worst), and the next ones succeed', async () => {
    const { client } = await signUpConfirmed(first);
    const served = (client: HttpClient) => new HttpClient(url).withCookies(client);
    const lawyer = served(client);
    const workers = childrenOf(primary.child.pid!);
    expect(workers).toHaveLength(2);

    // Reads and writes keep coming from eight "tabs" while PostgreSQL ends the connections twice.
    const answers: Answer[] = [];
    let going = true;
    const tab = async (n: number) => {
      for (let i = 0; going; i += 1) {
        const request = i % 3 === 0 ? lawyer.call(clientesApi.create, { body: { nombre: `Cliente ${n}-${i}` } }) : lawyer.get(i % 2 ? '/api/clientes' : '/api/dashboard');
        answers.push(
          await request.then(
            (res) => ({ status: res.status, code: res.json?.error?.code, message: res.json?.error?.message }),
            (error: unknown) => ({ status: 0, broken: String((error as { cause?: unknown }).cause ?? error) }),
          ),
        );
      }
    };
    const tabs = Array.from({ length: 8 }, (_, n) => tab(n));
    await until(() => answers.length >= 40 || undefined, 'peticiones en curso');
    expect(await terminateBackends()).toBeGreaterThan(0);
    const afterFirst = answers.length;
    await until(() => answers.length >= afterFirst + 40 || undefined, 'más peticiones tras el primer corte');
    expect(await terminateBackends()).toBeGreaterThan(0);
    const afterSecond = answers.length;
    await until(() => answers.length >= afterSecond + 40 || undefined, 'más peticiones tras el segundo corte');
    going = false;
    await Promise.all(tabs);

    expect(answers.filter((answer) => answer.broken), 'conexiones cortadas sin respuesta').toEqual([]);
    const failed = answers.filter((answer) => answer.status >= 400);
    for (const answer of failed) expect(answer).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE', message: MSG.http.conexionPerdida });
    // Most were answered normally: a lost connection costs the requests that were on it.
    expect(failed.length).toBeLessThan(answers.length / 4);

    // The same two workers, none replaced, no error the driver could not report.
    expect(childrenOf(primary.child.pid!).sort()).toEqual([...workers].sort());
    expect(primary.output()).not.toContain('se inicia otro');
    expect(primary.output()).not.toMatch(/TypeError|uncaught/i);
    expect(primary.output()).toContain('Se perdió una conexión con PostgreSQL');

    // And then everything answers, on both workers.
    const statuses = await Promise.all(Array.from({ length: 12 }, () => lawyer.call(casosApi.list).then((res) => res.status)));
    expect(statuses).toEqual(Array(12).fill(200));

    // Each worker listens again for ended sessions: one signed out elsewhere is refused everywhere.
    const { client: other } = await signUpConfirmed(first);
    const elsewhere = served(other);
    expect(await Promise.all(Array.from({ length: 6 }, () => elsewhere.call(casosApi.list).then((res) => res.status)))).toEqual(Array(6).fill(200));
    expect((await other.call(accountApi.signOut)).status).toBe(200);
    await until(async () => {
      const after = await Promise.all(Array.from({ length: 6 }, () => elsewhere.call(casosApi.list).then((res) => res.status)));
      return after.every((status) => status === 401) || undefined;
    }, 'la sesión cerrada rechazada en los dos procesos', 5000);
  }, 120_000);
});

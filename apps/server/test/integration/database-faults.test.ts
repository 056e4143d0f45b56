import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountApi, casosApi, clientesApi, MSG, securityApi } from '@bufete/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpConfirmed } from '../support/accounts';
import { startCuttableProxy } from '../support/cuttable-proxy';
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

    expect(
      answers.filter((answer) => answer.broken),
      'conexiones cortadas sin respuesta',
    ).toEqual([]);
    const failed = answers.filter((answer) => answer.status >= 400);
    // An unexpected 500 carries the server's log for its reference, so the failure says what the driver threw.
    const logOf = (answer: Answer) => {
      const ref = answer.message?.match(/referencia (\S+)\.$/)?.[1];
      const lines = primary.output().split('\n');
      const at = ref ? lines.findIndex((line) => line.includes(`ref ${ref}`)) : -1;
      return at < 0 ? '' : lines.slice(at, at + 20).join('\n');
    };
    for (const answer of failed) expect(answer, logOf(answer)).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE', message: MSG.http.conexionPerdida });
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
    await until(
      async () => {
        const after = await Promise.all(Array.from({ length: 6 }, () => elsewhere.call(casosApi.list).then((res) => res.status)));
        return after.every((status) => status === 401) || undefined;
      },
      'la sesión cerrada rechazada en los dos procesos',
      5000,
    );
  }, 120_000);
});

/**
 * The race above (a backend ended while a session is read) made a sign-in
 * check answer a 500: better-auth wraps what its adapter throws. Here the
 * connection is cut for sure, at a request whose session is not cached yet.
 */
describe.runIf(await postgresAvailable())('PostgreSQL deja de responder mientras se lee una sesión', () => {
  let server: TestServer;
  let relay: Awaited<ReturnType<typeof startCuttableProxy>>;

  beforeAll(async () => {
    const admin = new URL(POSTGRES_ADMIN_URL);
    relay = await startCuttableProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    server = await startTestServer({ backend: 'postgres', databasePort: relay.port });
  });
  afterAll(async () => {
    relay?.restore();
    await server?.stop();
    await relay?.close();
  });

  it('answers the Spanish 503, not a 500, and the same session works once the database is back', async () => {
    const { client, email } = await signUpConfirmed(server);
    // A second sign-in: a session this server has not read (nor cached) yet.
    const tab = server.client();
    expect((await tab.call(accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(200);

    relay.cut();
    const during = await tab.call(casosApi.list);
    expect({ status: during.status, ...during.json?.error }).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', message: MSG.http.conexionPerdida });

    relay.restore();
    await until(async () => (await tab.call(casosApi.list)).status === 200 || undefined, 'la sesión vuelve a funcionar');
    expect((await client.call(casosApi.list)).status).toBe(200);
  });

  it('signing in, asking for a reset and the second step answer the same 503 while the database is gone, never the forms’ “unexpected error”', async () => {
    const { client, email } = await signUpConfirmed(server);
    const unavailable = { status: 503, code: 'DATABASE_UNAVAILABLE', message: MSG.http.conexionPerdida };
    // The connection goes as the step looks up what it needs (the rate limits before it were answered).
    const lostAt = async (table: string, call: () => Promise<{ status: number; json: { error?: object } }>) => {
      relay.cutOnQuery(table);
      const answer = await call();
      relay.restore();
      return { status: answer.status, ...answer.json?.error };
    };
    expect(await lostAt('"users"', () => server.client().call(accountApi.signIn, { body: { email, password: PASSWORD } }))).toMatchObject(unavailable);
    expect(await lostAt('"users"', () => server.client().call(accountApi.forgotPassword, { body: { email } }))).toMatchObject(unavailable);

    // The second step, with two-factor sign-in on: its code is checked against the secret kept in two_factors.
    const enabled = await client.call(securityApi.enableTwoFactor, { body: { password: PASSWORD } });
    const secret = Secret.fromBase32(enabled.json.secreto as string);
    const code = () => new TOTP({ secret, digits: 6, period: 30 }).generate();
    expect((await client.call(securityApi.confirmTwoFactor, { body: { codigo: code() } })).status).toBe(200);
    const challenged = server.client();
    await until(async () => (await challenged.call(accountApi.signIn, { body: { email, password: PASSWORD } })).status === 200 || undefined, 'la contraseña vuelve a aceptarse');
    expect(await lostAt('"two_factors"', () => challenged.call(securityApi.verifyTwoFactor, { body: { codigo: code() } }))).toMatchObject(unavailable);
    // Once it is back, the same challenge goes through.
    await until(async () => (await challenged.call(securityApi.verifyTwoFactor, { body: { codigo: code() } })).status === 200 || undefined, 'el segundo paso vuelve a funcionar');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountApi, clientesApi, documentosApi, MSG, recordatoriosApi } from '@bufete/shared';
import { sql } from 'drizzle-orm';
// s3rver is a local S3-compatible server: it stands in for S3 at the HTTP boundary.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { rowsOf } from '../../src/db/client';
import { createLogger } from '../../src/logger';
import { type RunningServer, startServer } from '../../src/server';
import { PASSWORD, signUpConfirmed } from '../support/accounts';
import { makePdf } from '../support/fixtures';
import { HttpClient } from '../support/http-client';
import { postgresAvailable, startTestServer, type TestServer } from '../support/server';

/**
 * N server processes behind a proxy on one PostgreSQL and one S3-compatible
 * store (docs/deployment.md): two of them here, each with its own memory,
 * temp folder and queue loop, as two machines would have.
 */
describe.runIf(await postgresAvailable())('dos procesos en un PostgreSQL y un S3', () => {
  let s3: S3rver;
  let s3Dir: string;
  let a: TestServer;
  let b: RunningServer;
  let bDataDir: string;

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(tmpdir(), 'bufete-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(s3Dir, 'data'), configureBuckets: [{ name: 'bufete-privado', configs: [] }] });
    const { port } = await s3.run();
    a = await startTestServer({
      backend: 'postgres',
      env: {
        S3_BUCKET: 'bufete-privado',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'dos-procesos/',
        AUTH_RATE_LIMIT_MAX: '6',
        // Long enough that only an announcement can end a cached session in this test.
        SESSION_CACHE_SECONDS: '300',
      },
    });
    bDataDir = await mkdtemp(path.join(tmpdir(), 'bufete-second-'));
    b = await startServer(loadConfig({ ...a.env, DATA_DIR: bDataDir }), createLogger({ silent: true }));
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await s3?.close();
    await rm(bDataDir, { recursive: true, force: true });
    await rm(s3Dir, { recursive: true, force: true });
  });

  /** The same browser (its cookies) talking to process B. */
  const onB = (client: HttpClient) => ({
    get: (route: string) => fetch(`${b.url}${route}`, { headers: { cookie: client.cookieHeader() } }),
  });
  const sessionOn = async (client: HttpClient, server: 'a' | 'b') => {
    const res = server === 'a' ? await client.call(accountApi.session) : await onB(client).get('/api/account/session');
    const body = server === 'a' ? (res as { json: any }).json : await (res as Response).json();
    return body.session?.user?.email ?? null;
  };
  /** The end of a session travels as a database notification: milliseconds, not the cache's 300 s. */
  const ended = (client: HttpClient, server: 'a' | 'b') => expect.poll(() => sessionOn(client, server), { timeout: 2_000, interval: 20 }).toBeNull();

  it('a session made on one process works on the other; a sign-out on one ends it on both at once', async () => {
    const { client, email } = await signUpConfirmed(a);
    // Both processes have it in memory now.
    for (let i = 0; i < 2; i += 1) {
      expect(await sessionOn(client, 'a')).toBe(email);
      expect(await sessionOn(client, 'b')).toBe(email);
      expect((await onB(client).get('/api/casos')).status).toBe(200);
    }
    const cookie = client.cookieHeader();
    expect((await client.call(accountApi.signOut)).status).toBe(200);
    // The old cookie, replayed (as a thief would), on either process.
    const stolen = new HttpClient(a.url);
    const replay = (server: RunningServer | TestServer) => fetch(`${server.url}/api/casos`, { headers: { cookie } });
    expect((await replay(a)).status).toBe(401);
    await expect.poll(async () => (await replay(b)).status, { timeout: 2_000, interval: 20 }).toBe(401);
    expect(await sessionOn(stolen, 'a')).toBeNull();
  });

  it('a password changed on one process ends the other sessions on both', async () => {
    const { client: laptop, email } = await signUpConfirmed(a);
    const phone = new HttpClient(a.url);
    expect((await phone.call(accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(200);
    expect(await sessionOn(phone, 'a')).toBe(email);
    expect(await sessionOn(phone, 'b')).toBe(email);
    // Changed from the laptop, through process B.
    const changed = await fetch(`${b.url}/api/account/change-password`, {
      method: 'POST',
      headers: { cookie: laptop.cookieHeader(), 'content-type': 'application/json', origin: b.url },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'OtraClave#2026', confirmPassword: 'OtraClave#2026' }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await ended(phone, 'a');
    await ended(phone, 'b');
  });

  it('rate limits are counted across processes', async () => {
    const email = `nadie-${Date.now()}@example.mx`;
    const attempt = (server: RunningServer | TestServer) =>
      fetch(`${server.url}/api/account/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ email }) });
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    // AUTH_RATE_LIMIT_MAX=6 per address, whichever process answers.
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const refused = await attempt(b);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MSG.http.tooManyRequests);
  });

  it('a document uploaded through one process is served by the other', async () => {
    const { client } = await signUpConfirmed(a);
    const bytes = await makePdf(['Contrato de prestación de servicios']);
    const uploaded = await client.upload(documentosApi.upload, { name: 'Contrato.pdf', bytes, type: 'application/pdf' });
    expect(uploaded.status, uploaded.text).toBe(201);
    const id = uploaded.json.documento.id as string;
    const served = await onB(client).get(`/api/documentos/${id}/file`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('each scheduled client email is sent once, and a periodic job runs once, with both queues draining', async () => {
    const { client } = await signUpConfirmed(a);
    const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Cliente de la cola', email: 'cola-dos@cliente.mx' } })).json.cliente;
    const soon = new Date(Date.now() + 300).toISOString();
    for (let i = 0; i < 10; i += 1) {
      const res = await client.call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: `Aviso ${i}`, message: 'Su audiencia es mañana.', scheduled_for: soon } });
      expect(res.status, res.text).toBe(200);
    }
    await expect.poll(() => Date.now() > Date.parse(soon)).toBe(true);
    const db = a.server.database.db;
    const periodic = async () =>
      rowsOf<{ kind: string; n: number }>(
        await db.execute(sql`select kind, count(*)::int as n from jobs where dedupe_key like 'every:%' and status in ('pending', 'running') group by kind`),
      );
    // Each process scheduled the periodic jobs at start: one row each, not two.
    expect((await periodic()).every(({ n }) => n === 1)).toBe(true);
    await db.execute(sql`update jobs set run_at = now() where kind = 'storage.sweep-orphans'`);
    for (let pass = 0; pass < 3; pass += 1) await Promise.all([a.server.jobs.tick(), b.jobs.tick(), a.server.jobs.tick(), b.jobs.tick()]);
    const subjects = (await a.mail.all()).filter((m) => m.to.includes('cola-dos@cliente.mx')).map((m) => m.subject);
    expect(subjects).toHaveLength(10);
    expect(new Set(subjects).size).toBe(10);
    // The sweep ran once: its next run is one row, an hour away.
    const next = rowsOf<{ n: number; minutes: number }>(
      await db.execute(sql`select count(*)::int as n, round(min(extract(epoch from (run_at - now())) / 60))::int as minutes from jobs where kind = 'storage.sweep-orphans'`),
    );
    expect(next[0]).toEqual({ n: 1, minutes: 60 });
  });
});

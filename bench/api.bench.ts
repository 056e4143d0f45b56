/**
 * What the API costs over its SQL, measured as users see it: a separately
 * started production server (NODE_ENV=production, built assets) loaded from
 * outside with autocannon at 1, 8 and 32 connections, next to the same SQL run
 * directly on the same database at the same concurrency. Reports requests/s,
 * p50 / p90 / p95 / p99 (both sides computed alike), the ratio of throughputs
 * (HTTP / SQL: what the API keeps of its database; against the SQL prepared as
 * the server prepares it, and sent as text), and the server's CPU per request
 * and peak memory.
 *
 *   npm run bench:api                                                          # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   BENCH_CASES=100000 npm run bench:api                                       # growth
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=1,8,32 BENCH_ONLY=casos,buscar           # the defaults, and a filter
 *   BENCH_WORKERS=2 BENCH_DATABASE_URL=...                                     # the server as 2 processes on the port (WORKERS)
 *   BENCH_PROFILE=1 ...                                                        # the server writes a --cpu-prof to bench/results
 */
import { spawn } from 'node:child_process';
import { readFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { createHash } from 'node:crypto';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DEFAULT_SEARCH_CONNECTIONS, loadConfig } from '../apps/server/src/config';
import { type Database, type DatabaseHandle, openDatabase, rowsOf } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { createLogger } from '../apps/server/src/logger';
import { createApp } from '../apps/server/src/app';
import { createMailer } from '../apps/server/src/mail/mailer';
import { startServer } from '../apps/server/src/server';
import { signUpConfirmed } from '../apps/server/test/support/accounts';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';
import { seedContents, seedInvoices, seedPractice, seedTasks } from './seed';

const CASES = Number(process.env.BENCH_CASES ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 5_000);
const NOTES = Number(process.env.BENCH_NOTES ?? 5_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 2_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 2_000);
/** Each list a menu page opens with, the dashboard and the search: what a lawyer's day asks for most. */
const ENDPOINTS: [name: string, route: string][] = [
  ['casos', '/api/casos'],
  ['clientes', '/api/clientes'],
  ['documentos', '/api/documentos'],
  ['notas', '/api/notas'],
  ['tareas', '/api/tareas'],
  ['facturas', '/api/facturas'],
  ['dashboard', '/api/dashboard'],
  ['buscar (garcia)', '/api/search?q=garcia'],
];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,8,32').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY?.split(',');
// Server processes sharing the port (WORKERS, PostgreSQL only): 1 is one process, as `npm start` runs by default.
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const SECRET = 'secreto-del-banco-de-pruebas-0123456789abcdef';
const ROOT = path.resolve(import.meta.dirname, '..');

const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-api-bench-'));
let databaseUrl: string | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  const name = `bufete_api_bench_${process.pid}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
// The search's per-lawyer limit would answer 429 to a load test: raised for it.
const env = { DATA_DIR: dataDir, APP_SECRET: SECRET, SEARCH_RATE_LIMIT_PER_MINUTE: '10000000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

// 1. An account with its data, made by an in-process server that is then stopped.
const seeder = await startServer(loadConfig({ ...env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', AUTH_RATE_LIMIT_MAX: '100000' }), createLogger({ silent: true }));
const { client } = await signUpConfirmed({ client: () => new HttpClient(seeder.url), mail: outboxMailBox(dataDir) });
const cookie = client.cookieHeader();
const seedDb = seeder.database.db;
const userId = rowsOf<{ id: string }>(await seedDb.execute(sql`select user_id as id from sessions limit 1`))[0]!.id;
const t0 = performance.now();
await seedPractice(seedDb, userId, { cases: CASES, clients: CLIENTS });
await seedContents(seedDb, userId, { documents: DOCUMENTS, notes: NOTES });
await seedInvoices(seedDb, userId, { invoices: INVOICES });
await seedTasks(seedDb, userId, { tasks: TASKS });
console.log(
  `Datos: ${CASES} casos, ${CLIENTS} clientes, ${DOCUMENTS} documentos, ${NOTES} notas, ${INVOICES} facturas y ${TASKS} tareas en ${((performance.now() - t0) / 1000).toFixed(1)} s (${seeder.database.kind})`,
);
await seeder.stop();

/** A statement as the server sent it: its text, its values, whether it went to the connections that plan every run (the search's), and which statements it was sent together with. */
interface Sent {
  text: string;
  params: unknown[];
  plannedPerRun: boolean;
  /** Statements sent in the same turn of the event loop (a `Promise.all`) share a batch; the next batch waits for them. */
  batch: number;
}

/**
 * What each endpoint sends to the database, recorded from the app itself:
 * the server's own composition (createApp) over drizzle instances on the same
 * clients that log each statement, asked for the endpoint as the browser asks
 * (its cookie), once to warm the session cache and the prepared statements,
 * then recorded. So the direct side runs exactly the statements a request
 * sends in steady state, with the same values and the same parallelism:
 * "the same SQL run directly".
 */
async function sentBy(database: DatabaseHandle) {
  const sent: Sent[] = [];
  let batch = 0;
  let batchOpen = false;
  const recording = (of: Database, plannedPerRun: boolean): Database => {
    const logger = {
      logQuery: (text: string, params: unknown[]) => {
        // A statement logged before the loop turns again was sent alongside the previous one.
        if (!batchOpen) {
          batch += 1;
          batchOpen = true;
          setImmediate(() => (batchOpen = false));
        }
        sent.push({ text, params, plannedPerRun, batch });
      },
    };
    const client = (of as unknown as { $client: never }).$client;
    return (database.kind === 'postgres' ? drizzleNodePg(client, { schema, logger }) : drizzlePglite(client, { schema, logger })) as unknown as Database;
  };
  const config = loadConfig({ ...env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', APP_URL: 'http://127.0.0.1' });
  const logger = createLogger({ silent: true });
  const { app, sessions } = createApp({
    config,
    database: { ...database, db: recording(database.db, false), plannedPerRun: recording(database.plannedPerRun, true) },
    mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, logger, timeoutMs: 1000 }),
    logger,
    tmpDir: path.join(dataDir, 'tmp'),
  });
  sessions.listening(); // as the server does once the database's announcements are heard
  const ask = async (route: string) => {
    const response = await app.fetch(new Request(`http://127.0.0.1${route}`, { headers: { cookie } }));
    if (!response.ok) throw new Error(`${route}: ${response.status}`);
    await response.arrayBuffer();
  };
  const record = async (route: string) => {
    await ask(route);
    sent.length = 0;
    await ask(route);
    return [...sent];
  };
  const scenarios = [];
  for (const [name, route] of ENDPOINTS) {
    if (ONLY && !ONLY.some((text) => name.includes(text))) continue;
    scenarios.push({ name, path: route, sent: await record(route) });
  }
  return scenarios;
}

/** Requests per second and latency percentiles (ms) of one side, computed the same way for both. */
interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
}

/** Figures of `latencies` (ms, each request's) collected over SECONDS. */
function figuresOf(latencies: number[]): Figures {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(2));
  return { requests: latencies.length, perSecond: latencies.length / SECONDS, p50: at(0.5), p90: at(0.9), p95: at(0.95), p99: at(0.99) };
}

/** The SQL alone, `connections` callers at a time for SECONDS, each running one request's statements as the endpoint runs them. */
async function direct(run: () => Promise<unknown>, connections: number): Promise<Figures> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  for (let i = 0; i < 20; i += 1) await run();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await run();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return figuresOf(latencies);
}

/**
 * The endpoint over HTTP with autocannon, `connections` at a time for
 * SECONDS. Its own percentiles are whole milliseconds and skip p95 (the
 * issue's figure): each response's time, as autocannon measured it, goes
 * through figuresOf like the SQL side's.
 */
async function overHttp(url: string, connections: number, headers: Record<string, string>) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: SECONDS, headers }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, milliseconds) => void latencies.push(milliseconds));
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} respuestas no 2xx, ${result.errors} errores`);
  return figuresOf(latencies);
}

// 2. The SQL side, on the same database, from this process. On PostgreSQL it is measured
// right before the HTTP side of the same endpoint and connections (section 4), so both
// halves of a ratio see the machine as it is in the same few seconds; PGlite allows one
// process per data folder, so there it is all measured now, before the server opens it.
// Two ways on PostgreSQL: prepared, as the server's driver sends them (planned once
// per connection, rows as arrays), and as text, parsed and planned on every run (as
// psql or a client without prepared statements runs them; what the second pass of
// bench/README.md compared with). The search's own statement is prepared both ways, on
// connections that plan it with its words every run, as the server sends it. PGlite
// plans every statement anyway: one way.
const sqlFigures = new Map<string, Figures>();
const sqlTextFigures = new Map<string, Figures>();
const database = await openDatabase({ databaseUrl, dataDir });
const scenarios = await sentBy(database);
console.log(`Sentencias por petición: ${scenarios.map(({ name, sent }) => `${name} ${sent.length}`).join(', ')}`);
// The server's pools: 10 connections, and those that plan every run (db/client.ts, SEARCH_CONNECTIONS' default).
const driver = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : null;
const plannedDriver = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: DEFAULT_SEARCH_CONNECTIONS, options: '-c plan_cache_mode=force_custom_plan' }) : null;
const pglite = databaseUrl ? null : (database.db as unknown as { $client: PGlite }).$client;
/** A named statement is parsed once per connection (what "prepared" means here); an unnamed one on every run. */
const nameOf = (text: string) => `bench_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
const runOf = (statement: Sent, prepare: boolean) => () => {
  if (!driver || !plannedDriver) return pglite!.query(statement.text, statement.params, { rowMode: 'array' });
  const on = statement.plannedPerRun ? plannedDriver : driver;
  return on.query({ text: statement.text, values: statement.params, rowMode: 'array', name: prepare || statement.plannedPerRun ? nameOf(statement.text) : undefined });
};
const requestOf = (scenario: (typeof scenarios)[number], prepare: boolean) => {
  const batches = [...new Set(scenario.sent.map(({ batch }) => batch))].map((batch) =>
    scenario.sent.filter((statement) => statement.batch === batch).map((statement) => runOf(statement, prepare)),
  );
  return async () => {
    for (const runs of batches) await Promise.all(runs.map((run) => run()));
  };
};
async function measureSql(scenario: (typeof scenarios)[number], connections: number) {
  sqlFigures.set(`${scenario.name}@${connections}`, await direct(requestOf(scenario, true), connections));
  if (driver) sqlTextFigures.set(`${scenario.name}@${connections}`, await direct(requestOf(scenario, false), connections));
}
if (!databaseUrl) {
  for (const scenario of scenarios) for (const connections of CONNECTIONS) await measureSql(scenario, connections);
  await database.close();
}

// 3. The production server, started on its own, with the built web app.
const port = 3900 + (process.pid % 90);
const profileDir = path.join(ROOT, 'bench/results');
await mkdir(profileDir, { recursive: true });
const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'apps/server/src/index.ts'], {
  cwd: ROOT,
  env: { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, WORKERS: String(WORKERS) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// Each process says when it listens: the measures start once all of them do.
let listening = 0;
server.stdout!.on('data', (chunk: Buffer) => (listening += chunk.toString().match(/Bufete escuchando/g)?.length ?? 0));
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  if (i > 300) throw new Error('El servidor no arrancó');
  const ok =
    listening >= WORKERS &&
    (await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    ));
  if (ok) break;
  await sleep(100);
}

/** The server's processes: the one started, and its workers when BENCH_WORKERS > 1 (Linux: /proc). */
async function serverProcesses() {
  const children = (await readFile(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
  return [String(server.pid), ...children];
}

/** CPU time (ms) the server's processes have used so far, and their peak resident memory added up (MB). */
async function serverUsage() {
  let cpuMs = 0;
  let peakKb = 0;
  for (const pid of await serverProcesses()) {
    const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    cpuMs += (Number(stat[11]) + Number(stat[12])) * 10;
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    peakKb += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return { cpuMs, peakMb: Math.round(peakKb / 1024) };
}

// 4. Each endpoint over HTTP at each number of connections (on PostgreSQL, its SQL just before).
const rows = [];
try {
  for (const scenario of scenarios) {
    for (const connections of CONNECTIONS) {
      if (databaseUrl) await measureSql(scenario, connections);
      const headers = { cookie };
      await autocannon({ url: `${base}${scenario.path}`, connections, duration: 1, headers }); // warm-up
      const before = await serverUsage();
      const http = await overHttp(`${base}${scenario.path}`, connections, headers);
      const after = await serverUsage();
      const database = sqlFigures.get(`${scenario.name}@${connections}`)!;
      const asText = sqlTextFigures.get(`${scenario.name}@${connections}`) ?? database;
      rows.push({
        endpoint: scenario.name,
        conexiones: connections,
        'HTTP req/s': Math.round(http.perSecond),
        'HTTP p50/p90/p95/p99 ms': `${http.p50}/${http.p90}/${http.p95}/${http.p99}`,
        'SQL req/s': Math.round(database.perSecond),
        'SQL p50/p90/p95/p99 ms': `${database.p50}/${database.p90}/${database.p95}/${database.p99}`,
        'HTTP/SQL req/s': Number((http.perSecond / database.perSecond).toFixed(2)),
        'SQL texto req/s': Math.round(asText.perSecond),
        'HTTP/SQL texto': Number((http.perSecond / asText.perSecond).toFixed(2)),
        'CPU ms/req': Number(((after.cpuMs - before.cpuMs) / http.requests).toFixed(2)),
        'pico MB': after.peakMb,
      });
    }
  }
} finally {
  server.kill('SIGINT');
  await new Promise((resolve) => server.once('exit', resolve));
  await driver?.end();
  await plannedDriver?.end();
  if (databaseUrl) {
    await database.close();
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL! });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
}
console.table(rows);
const file = path.join(profileDir, `api-${databaseUrl ? 'postgres' : 'pglite'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(file, JSON.stringify({ cases: CASES, clients: CLIENTS, seconds: SECONDS, workers: WORKERS, rows }, null, 2));
console.log(`Resultados en ${file}`);
process.exit(0);

/**
 * What the API costs over its SQL, measured as users see it: a separately
 * started production server (NODE_ENV=production, built assets) loaded from
 * outside with autocannon at 1, 8 and 32 connections, next to the same SQL run
 * directly on the same database at the same concurrency. Reports requests/s,
 * p50 / p90 / p97.5 / p99 (autocannon has no p95), the ratio of throughputs
 * (HTTP / SQL: what the API keeps of its database; against the SQL prepared as
 * the server prepares it, and sent as text), and the server's CPU per request
 * and peak memory.
 *
 *   npm run bench:api                                                          # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   BENCH_CASES=100000 npm run bench:api                                       # growth
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=1,8,32 BENCH_ONLY=casos,buscar           # the defaults, and a filter
 *   BENCH_PROFILE=1 ...                                                        # the server writes a --cpu-prof to bench/results
 */
import { spawn } from 'node:child_process';
import { readFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase, rowsOf } from '../apps/server/src/db/client';
import { createLogger } from '../apps/server/src/logger';
import { createSearchService } from '../apps/server/src/modules/search/service';
import { startServer } from '../apps/server/src/server';
import { signUpConfirmed } from '../apps/server/test/support/accounts';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';
import { seedContents, seedPractice } from './seed';

const CASES = Number(process.env.BENCH_CASES ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 5_000);
const NOTES = Number(process.env.BENCH_NOTES ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,8,32').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY?.split(',');
const SECRET = 'secreto-del-banco-de-pruebas-0123456789abcdef';
const ROOT = path.resolve(import.meta.dirname, '..');

const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-api-bench-'));
let databaseUrl: string | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const admin = postgres(process.env.BENCH_DATABASE_URL, { max: 1, onnotice: () => {} });
  const name = `bufete_api_bench_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
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
console.log(`Datos: ${CASES} casos, ${CLIENTS} clientes, ${DOCUMENTS} documentos y ${NOTES} notas en ${((performance.now() - t0) / 1000).toFixed(1)} s (${seeder.database.kind})`);
await seeder.stop();

/**
 * What each endpoint runs, as the services write it: the direct side of the
 * comparison, two ways. `runs`: prepared on PostgreSQL as the server prepares
 * them (a statement planned once and run many times), so neither side is
 * charged for planning the other does not do. `textRuns`: each statement sent
 * as text and planned every time, as a client without prepared statements
 * (psql, the second pass of bench/README.md) runs it. The search's own
 * statement is the same both ways (it is planned with its words every run).
 */
function scenariosFor(database: DatabaseHandle, run: (statement: SQL) => Promise<unknown>) {
  const search = createSearchService(database.plannedPerRun, { timeZoneOf: async () => 'America/Mexico_City' });
  const timeZone = sql`select zona_horaria from profiles where id = ${userId} limit 1`;
  const scenarios: { name: string; path: string; statements: SQL[]; runs?: (() => Promise<unknown>)[] }[] = [
    {
      name: 'casos',
      path: '/api/casos',
      statements: [
        sql`select c.*, cl.nombre as cliente_nombre, cl.email as cliente_email from casos c left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id where c.user_id = ${userId} order by c.created_at desc, c.id desc limit 31`,
      ],
    },
    { name: 'clientes', path: '/api/clientes', statements: [sql`select * from clientes where user_id = ${userId} order by lower(nombre), id limit 31`] },
    {
      name: 'dashboard',
      path: '/api/dashboard',
      statements: [
        sql`select casos, casos_activos, clientes, documentos from conteos_practica where user_id = ${userId}`,
        sql`select c.id, c.titulo, c.estado, c.created_at, cl.nombre from casos c left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id where c.user_id = ${userId} order by c.created_at desc, c.id desc limit 5`,
        sql`select c.id, c.titulo, c.estado, c.fecha_vencimiento, cl.nombre from casos c left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id where c.user_id = ${userId} and c.fecha_vencimiento is not null and c.estado <> 'Cerrado' order by c.fecha_vencimiento, c.id limit 5`,
        timeZone,
      ],
    },
    {
      name: 'buscar (garcia)',
      path: '/api/buscar?q=garcia',
      statements: [timeZone],
      runs: [() => search.hitsOf(userId, { q: 'garcia', tipo: undefined, pagina: 1 }, 'America/Mexico_City')],
    },
  ];
  return scenarios
    .filter(({ name }) => !ONLY || ONLY.some((text) => name.includes(text)))
    .map(({ statements, runs = [], ...scenario }) => ({
      ...scenario,
      runs: [...statements.map((statement) => () => run(statement)), ...runs],
      textRuns: [...statements.map((statement) => () => database.db.execute(statement)), ...runs],
    }));
}

/** autocannon reports p50, p90, p97.5 and p99 (no p95): the direct side reports the same. */
interface Figures {
  perSecond: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
}

/** The SQL alone, `connections` callers at a time for SECONDS (each one endpoint's statements, in parallel as the endpoint runs them). */
async function direct(runs: (() => Promise<unknown>)[], connections: number): Promise<Figures> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  for (let i = 0; i < 20; i += 1) await Promise.all(runs.map((run) => run()));
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await Promise.all(runs.map((run) => run()));
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(2));
  return { perSecond: latencies.length / SECONDS, p50: at(0.5), p90: at(0.9), p97_5: at(0.975), p99: at(0.99) };
}

// 2. The SQL side, on the same database, from this process (PGlite: before the server opens it).
const sqlFigures = new Map<string, Figures>();
const sqlTextFigures = new Map<string, Figures>();
let scenarios: ReturnType<typeof scenariosFor>;
{
  const database = await openDatabase({ databaseUrl, dataDir });
  const dialect = new PgDialect();
  const driver = databaseUrl ? postgres(databaseUrl, { max: 10, onnotice: () => {} }) : null;
  scenarios = scenariosFor(database, (statement) => {
    if (!driver) return database.db.execute(statement);
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return driver.unsafe(text, params as never[], { prepare: true });
  });
  for (const scenario of scenarios) {
    for (const connections of CONNECTIONS) {
      sqlFigures.set(`${scenario.name}@${connections}`, await direct(scenario.runs, connections));
      sqlTextFigures.set(`${scenario.name}@${connections}`, await direct(scenario.textRuns, connections));
    }
  }
  await driver?.end();
  await database.close();
}

// 3. The production server, started on its own, with the built web app.
const port = 3900 + (process.pid % 90);
const profileDir = path.join(ROOT, 'bench/results');
await mkdir(profileDir, { recursive: true });
const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'apps/server/src/index.ts'], {
  cwd: ROOT,
  env: { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}` },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  if (i > 300) throw new Error('El servidor no arrancó');
  const ok = await fetch(`${base}/api/health`).then((res) => res.ok, () => false);
  if (ok) break;
  await sleep(100);
}

/** CPU time (ms) the server process has used so far, and its peak resident memory (MB). */
async function serverUsage() {
  const stat = (await readFile(`/proc/${server.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuMs: ticks * 10, peakMb: Math.round(peakKb / 1024) };
}

const rows = [];
try {
  for (const scenario of scenarios) {
    for (const connections of CONNECTIONS) {
      const headers = { cookie };
      await autocannon({ url: `${base}${scenario.path}`, connections, duration: 1, headers }); // warm-up
      const before = await serverUsage();
      const result = await autocannon({ url: `${base}${scenario.path}`, connections, duration: SECONDS, headers });
      const after = await serverUsage();
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${scenario.path}: ${result.non2xx} respuestas no 2xx, ${result.errors} errores`);
      const database = sqlFigures.get(`${scenario.name}@${connections}`)!;
      const asText = sqlTextFigures.get(`${scenario.name}@${connections}`)!;
      rows.push({
        endpoint: scenario.name,
        conexiones: connections,
        'HTTP req/s': Math.round(result.requests.average),
        'HTTP p50/p90/p97.5/p99 ms': `${result.latency.p50}/${result.latency.p90}/${result.latency.p97_5}/${result.latency.p99}`,
        'SQL req/s': Math.round(database.perSecond),
        'SQL p50/p90/p97.5/p99 ms': `${database.p50}/${database.p90}/${database.p97_5}/${database.p99}`,
        'HTTP/SQL req/s': Number((result.requests.average / database.perSecond).toFixed(2)),
        'SQL texto req/s': Math.round(asText.perSecond),
        'HTTP/SQL texto': Number((result.requests.average / asText.perSecond).toFixed(2)),
        'CPU ms/req': Number(((after.cpuMs - before.cpuMs) / result.requests.total).toFixed(2)),
        'pico MB': after.peakMb,
      });
    }
  }
} finally {
  server.kill('SIGINT');
  await new Promise((resolve) => server.once('exit', resolve));
  if (databaseUrl) {
    const admin = postgres(process.env.BENCH_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
}
console.table(rows);
const file = path.join(profileDir, `api-${databaseUrl ? 'postgres' : 'pglite'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(file, JSON.stringify({ cases: CASES, clients: CLIENTS, seconds: SECONDS, rows }, null, 2));
console.log(`Resultados en ${file}`);
process.exit(0);

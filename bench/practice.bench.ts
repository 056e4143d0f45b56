/**
 * Benchmark of the practice list endpoints with a large account: a user with
 * 10,000 cases and 2,000 clients. For each endpoint it reports requests/s and
 * p95 latency over HTTP, next to the same SQL run directly on the database,
 * and the ratio between them (the figure to watch: what the API adds).
 *
 *   npm run bench                      # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { loadConfig } from '../apps/server/src/config';
import { rowsOf } from '../apps/server/src/db/client';
import { createLogger } from '../apps/server/src/logger';
import { startServer } from '../apps/server/src/server';
import { PASSWORD, signUpConfirmed } from '../apps/server/test/support/accounts';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';
import { seedPractice } from './seed';

const CASES = Number(process.env.BENCH_CASES ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 4;

async function measure(run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i += 1) await run(); // warm-up
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        await run();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p95: latencies[Math.floor(latencies.length * 0.95)]! };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-bench-'));
let dropDatabase: (() => Promise<void>) | undefined;
let databaseUrl: string | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const admin = postgres(process.env.BENCH_DATABASE_URL, { max: 1, onnotice: () => {} });
  const name = `bufete_bench_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

const server = await startServer(
  loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '100000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }),
  createLogger({ silent: true }),
);
try {
  const { client, email } = await signUpConfirmed({ client: () => new HttpClient(server.url), mail: outboxMailBox(dataDir) });
  const db = server.database.db;
  const userId = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = ${email}`))[0]!.id;
  const t0 = performance.now();
  await seedPractice(db, userId, { cases: CASES, clients: CLIENTS });
  console.log(`Datos: ${CASES} casos y ${CLIENTS} clientes en ${((performance.now() - t0) / 1000).toFixed(1)} s (${server.database.kind}); contraseña ${PASSWORD}`);

  const direct = (query: SQL) => () => db.execute(query);
  const cases = (where: SQL) =>
    sql`select c.*, cl.nombre as cliente_nombre, cl.email as cliente_email from casos c left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id where c.user_id = ${userId} ${where} order by c.created_at desc, c.id desc limit 31`;
  const scenarios: { name: string; path: string; sql: SQL }[] = [
    { name: 'casos (primera página)', path: '/api/casos', sql: cases(sql``) },
    { name: 'casos ?estado=Activo', path: '/api/casos?estado=Activo', sql: cases(sql`and c.estado = 'Activo'`) },
    {
      name: 'casos ?q=amparo',
      path: '/api/casos?q=amparo',
      sql: cases(sql`and (lower(c.titulo) like '%amparo%' or lower(cl.nombre) like '%amparo%')`),
    },
    {
      name: 'clientes (primera página)',
      path: '/api/clientes',
      sql: sql`select * from clientes where user_id = ${userId} order by lower(nombre), id limit 31`,
    },
    {
      name: 'clientes ?q=garcía',
      path: '/api/clientes?q=garc%C3%ADa',
      sql: sql`select * from clientes where user_id = ${userId} and lower(nombre || ' ' || coalesce(email, '') || ' ' || coalesce(empresa, '')) like '%garcía%' order by lower(nombre), id limit 31`,
    },
    {
      name: 'dashboard',
      path: '/api/dashboard',
      sql: sql`select (select count(*) from casos where user_id = ${userId}), (select count(*) from casos where user_id = ${userId} and estado = 'Activo'), (select count(*) from clientes where user_id = ${userId})`,
    },
  ];

  const rows = [];
  for (const scenario of scenarios) {
    const http = await measure(async () => {
      const res = await client.get(scenario.path);
      if (res.status !== 200) throw new Error(`${scenario.path}: ${res.status}`);
    });
    const database = await measure(direct(scenario.sql));
    rows.push({
      endpoint: scenario.name,
      'HTTP req/s': Math.round(http.perSecond),
      'HTTP p95 ms': Number(http.p95.toFixed(2)),
      'SQL req/s': Math.round(database.perSecond),
      'SQL p95 ms': Number(database.p95.toFixed(2)),
      'p95 HTTP/SQL': Number((http.p95 / database.p95).toFixed(2)),
    });
  }
  console.table(rows);
  await mkdir(path.resolve('bench/results'), { recursive: true });
  const file = path.resolve('bench/results', `practice-${server.database.kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify({ cases: CASES, clients: CLIENTS, requests: REQUESTS, concurrency: CONCURRENCY, database: server.database.kind, rows }, null, 2));
  console.log(`Resultados en ${file}`);
} finally {
  await server.stop();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
}

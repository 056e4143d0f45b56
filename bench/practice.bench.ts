/**
 * Benchmark of the practice list endpoints with a large account: a user with
 * 10,000 cases and 2,000 clients. For each endpoint it reports requests/s and
 * p95 latency over HTTP, next to the same SQL run directly on the database,
 * and the ratio between them (the figure to watch: what the API adds).
 *
 *   npm run bench                      # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *   BENCH_ONLY=buscar npm run bench    # only the scenarios whose name has that text (comma-separated: any)
 *   BENCH_CONCURRENCY=1 npm run bench  # requests at a time (4 by default)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { rowsOf } from '../apps/server/src/db/client';
import { createLogger } from '../apps/server/src/logger';
import { startServer } from '../apps/server/src/server';
import { PASSWORD, signUpConfirmed } from '../apps/server/test/support/accounts';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';
import { createSearchService } from '../apps/server/src/modules/search/service';
import { seedCalendar, seedContents, seedInvoices, seedPractice, seedTasks } from './seed';

const CASES = Number(process.env.BENCH_CASES ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const EVENTS_PER_MONTH = Number(process.env.BENCH_EVENTS_PER_MONTH ?? 500);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 5_000);
const NOTES = Number(process.env.BENCH_NOTES ?? 5_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);

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
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  const name = `bufete_bench_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

const server = await startServer(
  loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_MAX: '100000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, APP_SECRET: 'secreto-del-banco-de-pruebas-0123456789abcdef' } : {}),
  }),
  createLogger({ silent: !process.env.BENCH_LOG }),
);
try {
  const { client, email } = await signUpConfirmed({ client: () => new HttpClient(server.url), mail: outboxMailBox(dataDir) });
  const db = server.database.db;
  const userId = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = ${email}`))[0]!.id;
  const t0 = performance.now();
  await seedPractice(db, userId, { cases: CASES, clients: CLIENTS });
  await seedCalendar(db, userId, { perMonth: EVENTS_PER_MONTH, months: 36 });
  await seedInvoices(db, userId, { invoices: INVOICES });
  await seedContents(db, userId, { documents: DOCUMENTS, notes: NOTES });
  await seedTasks(db, userId, { tasks: TASKS });
  console.log(
    `Datos: ${CASES} casos, ${CLIENTS} clientes, ${EVENTS_PER_MONTH * 36} citas, ${INVOICES} facturas, ${DOCUMENTS} documentos con texto y ${NOTES} notas, ${TASKS} tareas en ${((performance.now() - t0) / 1000).toFixed(1)} s (${server.database.kind}); contraseña ${PASSWORD}`,
  );
  // A busy month: the 6 weeks the month view asks for.
  const monthStart = new Date();
  monthStart.setUTCDate(1);
  monthStart.setUTCHours(0, 0, 0, 0);
  const desde = new Date(monthStart.getTime() - 3 * 86_400_000).toISOString();
  const hasta = new Date(monthStart.getTime() + 39 * 86_400_000).toISOString();

  const direct = (query: SQL) => () => db.execute(query);
  const cases = (where: SQL) =>
    sql`select c.*, cl.nombre as cliente_nombre, cl.email as cliente_email from casos c left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id where c.user_id = ${userId} ${where} order by c.created_at desc, c.id desc limit 31`;
  const scenarios: { name: string; path: string; sql: SQL | (() => Promise<unknown>) }[] = [
    { name: 'casos (primera página)', path: '/api/casos', sql: cases(sql``) },
    { name: 'casos ?estado=Activo', path: '/api/casos?estado=Activo', sql: cases(sql`and c.estado = 'Activo'`) },
    {
      name: 'casos ?q=amparo',
      path: '/api/casos?q=amparo',
      // The same expression as casos_search_idx (title and the case's identity in court).
      sql: cases(
        sql`and (lower(c.titulo || ' ' || coalesce(c.expediente, '') || ' ' || coalesce(c.juzgado, '') || ' ' || coalesce(c.partes_texto, '')) like '%amparo%' or lower(cl.nombre) like '%amparo%')`,
      ),
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

  scenarios.push(
    {
      name: `calendario mes (~${Math.round((EVENTS_PER_MONTH * 42) / 30)} citas)`,
      path: `/api/calendario/eventos?desde=${encodeURIComponent(desde)}&hasta=${encodeURIComponent(hasta)}`,
      sql: sql`select e.*, c.titulo from calendar_events e left join casos c on c.id = e.caso_id where e.user_id = ${userId} and e.fecha_inicio < ${hasta}::timestamptz and e.fecha_fin > ${desde}::timestamptz and e.fecha_inicio >= ${desde}::timestamptz - interval '31 days' order by e.fecha_inicio limit 2000`,
    },
    {
      name: 'calendario próximos 10',
      path: '/api/calendario/proximos',
      sql: sql`select e.*, c.titulo from calendar_events e left join casos c on c.id = e.caso_id where e.user_id = ${userId} and e.fecha_fin > now() and e.fecha_inicio >= now() - interval '31 days' order by e.fecha_inicio limit 10`,
    },
  );

  // Facturación: one request brings the page and the four cards over every filtered invoice.
  const invoices = (where: SQL) =>
    sql`select f.*, cl.nombre from facturas f left join clientes cl on cl.id = f.cliente_id and cl.user_id = f.user_id where f.user_id = ${userId} ${where} order by f.fecha_emision desc, f.id desc limit 31`;
  const invoiceCards = (where: SQL) => sql`select json_build_array(sum(f.monto_total), sum(f.monto_pagado), count(*)) from facturas f where f.user_id = ${userId} ${where}`;
  // The page and the cards in one statement, as the endpoint runs them (two queries, same filter).
  const invoicePage = (where: SQL) => sql`select (select json_agg(p) from (${invoices(where)}) p), (${invoiceCards(where)} limit 1)`;
  scenarios.push(
    { name: 'facturas (página y tarjetas)', path: '/api/facturas', sql: invoicePage(sql``) },
    { name: 'facturas ?estado=pendiente', path: '/api/facturas?estado=pendiente', sql: invoicePage(sql`and f.estado = 'pendiente'`) },
    {
      name: 'facturas ?q=amparo',
      path: '/api/facturas?q=amparo',
      sql: invoicePage(
        sql`and (lower(f.numero_factura || ' ' || f.concepto) like '%amparo%' or f.cliente_id = any(array(select id from clientes where user_id = ${userId} and lower(nombre) like '%amparo%')))`,
      ),
    },
    {
      name: `facturas CSV (${INVOICES})`,
      path: '/api/facturas/export',
      sql: sql`select f.*, cl.nombre from facturas f left join clientes cl on cl.id = f.cliente_id and cl.user_id = f.user_id where f.user_id = ${userId} order by f.fecha_emision desc, f.id desc`,
    },
  );

  // Tareas: a tab of the page, 100 a page, by due date with the case's title and what the date hangs on.
  const tasks = (where: SQL, order: SQL, offset = 0) =>
    sql`select t.*, c.titulo from tareas t left join casos c on c.id = t.caso_id and c.user_id = t.user_id where t.user_id = ${userId} ${where} order by ${order} limit 101 offset ${offset}`;
  const pending = sql`t.vence asc nulls last, t.id`;
  scenarios.push(
    { name: `tareas pendientes (${TASKS})`, path: '/api/tareas', sql: tasks(sql`and not t.hecha`, pending) },
    { name: 'tareas pendientes, página 10', path: '/api/tareas?cursor=900', sql: tasks(sql`and not t.hecha`, pending, 900) },
    { name: 'tareas ?vista=hoy', path: '/api/tareas?vista=hoy', sql: tasks(sql`and not t.hecha and t.vence = current_date`, pending) },
    {
      name: 'tareas ?vista=por_caso',
      path: '/api/tareas?vista=por_caso',
      // The newest case first, each case's tasks read from its index (the first of the endpoint's two statements).
      sql: sql`(select t.id from casos c cross join lateral (select t.id, t.vence from tareas t where t.user_id = c.user_id and t.caso_id = c.id and not t.hecha order by t.vence asc nulls last, t.id) t where c.user_id = ${userId} order by c.created_at desc, c.id desc, t.vence asc nulls last, t.id) union all (select t.id from tareas t where t.user_id = ${userId} and not t.hecha and t.caso_id is null order by t.vence asc nulls last, t.id) limit 101`,
    },
    { name: 'tareas ?vista=hechas', path: '/api/tareas?vista=hechas', sql: tasks(sql`and t.hecha`, sql`t.hecha_en desc, t.id`) },
  );

  // The top bar's search: the service's own statement is the SQL side.
  const search = createSearchService(server.database.plannedPerRun);
  for (const [name, q] of [
    ['buscar: nombre (garcia)', 'garcia'],
    ['buscar: contenido (pagare vencido)', 'pagare vencido'],
    ['buscar: con error (Hernandes)', 'Hernandes'],
    ['buscar: frase ("salarios caidos")', '"salarios caidos"'],
    ['buscar: dos letras (ga)', 'ga'],
  ] as const) {
    scenarios.push({ name, path: `/api/search?q=${encodeURIComponent(q)}`, sql: () => search.hitsOf(userId, { q, tipo: undefined, pagina: 1 }) });
  }

  const rows = [];
  // BENCH_ONLY=buscar measures only the scenarios whose name has that text (or one of several, comma-separated).
  const only = process.env.BENCH_ONLY?.split(',');
  for (const scenario of scenarios.filter(({ name }) => !only || only.some((text) => name.includes(text)))) {
    // PGlite answers in microtasks, so the previous scenario's direct SQL held the
    // timers back: let them run (the server closing an idle keep-alive socket among
    // them) before the client picks a socket, or it may write to one being closed.
    await setTimeout(20);
    const http = await measure(async () => {
      const res = await client.get(scenario.path);
      if (res.status !== 200) throw new Error(`${scenario.path}: ${res.status}`);
    });
    const database = await measure(typeof scenario.sql === 'function' ? scenario.sql : direct(scenario.sql));
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

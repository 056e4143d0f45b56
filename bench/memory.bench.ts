/**
 * Memory of the server as `npm start` runs it (the build in apps/server/dist),
 * idle and under forty lawyers at work, on the embedded database and on
 * PostgreSQL with two workers, with the p95 of a 200 KB PDF upload on each.
 * Budgets (issue 25): idle ≤ 300 MB; the load ≤ 600 MB on the embedded
 * database and ≤ 400 MB per worker on PostgreSQL; upload p95 on the embedded
 * database ≤ PostgreSQL's × 1.5.
 *
 *   npm run bench:memory                       # BENCH_SECONDS=60 of load by default
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:memory
 *   BENCH_SKIP_PGLITE=1 BENCH_SEED=60 BENCH_SECONDS=360 BENCH_DATABASE_URL=… npm run bench:memory   # PostgreSQL only, pages full from the start
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import { signUpConfirmed } from '../apps/server/test/support/accounts';
import { makePdf } from '../apps/server/test/support/fixtures';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';
import { childrenOf, rssOf } from '../apps/server/test/support/processes';
import { startBuiltServer } from './built-server';
import { seedContents, seedPractice } from './seed';

const ROOT = path.resolve(import.meta.dirname, '..');
const LAWYERS = Number(process.env.BENCH_LAWYERS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Records of each kind every lawyer starts with (PostgreSQL only; 0: none, as a new account). */
const SEED = Number(process.env.BENCH_SEED ?? 0);

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The processes that serve: the server itself, or each worker under the primary. */
const servingPids = (primary: number, workers: boolean) => (workers ? childrenOf(primary) : [primary]);

interface LoadResult {
  /** Each read's p95 in the load's first and last thirds, and their ratio: what grows as the records do. */
  growth: Record<string, { first: number; last: number; ratio: number }>;
  /** The same reads, one lawyer alone, before the load and after it. */
  quietBefore: Record<string, number>;
  quietAfter: Record<string, number>;
  /** The lowest resident memory of each minute, per process (MB): a floor that keeps rising is memory kept. */
  floors: number[][];
  requests: number;
  errors: number;
  uploadsP95: number;
  uploads: number;
  peakPerProcess: number;
  peakTotal: number;
  endPerProcess: number;
}

/** The reads of the load, by `kind % 10` (3 to 9). */
const READS: Record<number, string> = {
  3: '/api/search',
  4: '/api/dashboard',
  5: '/api/documentos',
  6: '/api/notificaciones',
  7: '/api/clientes',
  8: '/api/casos',
  9: '/api/casos',
};

/** One lawyer's reads, each route 100 times one at a time: the p95 with nothing else running (no contention in it). */
async function quietP95(client: HttpClient): Promise<Record<string, number>> {
  const routes = [...new Set(Object.values(READS))];
  const measured: Record<string, number> = {};
  for (const route of routes) {
    const times: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const started = performance.now();
      await client.get(route === '/api/search' ? '/api/search?q=arrendamiento' : route);
      times.push(performance.now() - started);
    }
    measured[route] = Math.round(p95(times) * 10) / 10;
  }
  return measured;
}

/** Forty lawyers at work for SECONDS: lists, records made, a search, and a 200 KB PDF now and then. */
async function load(
  url: string,
  dataDir: string,
  pid: number,
  workers: boolean,
  options: { tableStats?: () => Promise<unknown>; seed?: (userId: string) => Promise<void>; textsPending?: () => Promise<number> } = {},
): Promise<LoadResult> {
  const mail = outboxMailBox(dataDir);
  const lawyers: HttpClient[] = [];
  for (let i = 0; i < LAWYERS; i += 1) lawyers.push((await signUpConfirmed({ client: () => new HttpClient(url), mail })).client);
  // BENCH_SEED: each lawyer starts with that many cases, clients and documents, more than a page of each, so what
  // grows over the load is the records and nothing else (the pages are full from the first request).
  if (options.seed) for (const lawyer of lawyers) await options.seed((await lawyer.get('/api/account/session')).json.session.user.id);
  // Text that does not compress away: a 200 KB PDF, as a scanned-and-OCRed filing is.
  let seed = 7;
  const word = () => ((seed = (seed * 16807) % 2147483647), `${'arrendamiento pruebas contrato demanda amparo'.split(' ')[seed % 5]}${seed % 997}`);
  const pdf = await makePdf(Array.from({ length: 40 }, (_, page) => `Expediente ${page}: ${Array.from({ length: 700 }, word).join(' ')}`));
  console.log(`  PDF de prueba: ${Math.round(pdf.length / 1024)} KB`);
  const quietBefore = await quietP95(lawyers[0]!);
  let requests = 0;
  let errors = 0;
  const failures = new Map<string, number>();
  const uploads: number[] = [];
  const reads: { path: string; at: number; ms: number }[] = [];
  let peakPerProcess = 0;
  let peakTotal = 0;
  const began = Date.now();
  const floors: number[][] = [];
  const sampler = setInterval(() => {
    const sizes = servingPids(pid, workers).map(rssOf);
    const minute = Math.floor((Date.now() - began) / 60_000);
    floors[minute] = sizes.map((size, i) => Math.min(size, floors[minute]?.[i] ?? Infinity));
    peakPerProcess = Math.max(peakPerProcess, ...sizes);
    // With workers, the whole is the primary plus every worker.
    peakTotal = Math.max(peakTotal, sizes.reduce((a, b) => a + b, 0) + (workers ? rssOf(pid) : 0));
  }, 250);
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    lawyers.map(async (client, n) => {
      for (let step = 0; Date.now() < until; step += 1) {
        const started = performance.now();
        // A lawyer mostly reads and writes records; one step in twenty files a document.
        const kind = (step + n) % 20;
        const res =
          kind === 0
            ? await client.upload('/api/documentos', { name: `escrito-${n}-${step}.pdf`, bytes: pdf, type: 'application/pdf' })
            : kind === 1 || kind === 11
              ? await client.post('/api/casos', { titulo: `Asunto ${n}-${step}`, estado: 'Activo', prioridad: 'Media' })
              : kind === 2 || kind === 12
                ? await client.post('/api/clientes', { nombre: `Cliente ${n}-${step}` })
                : kind === 3 || kind === 13
                  ? await client.get('/api/search?q=arrendamiento')
                  : kind === 4 || kind === 14
                    ? await client.get('/api/dashboard')
                    : kind === 5 || kind === 15
                      ? await client.get('/api/documentos')
                      : kind === 6 || kind === 16
                        ? await client.get('/api/notificaciones')
                        : kind === 7 || kind === 17
                          ? await client.get('/api/clientes')
                          : await client.get('/api/casos');
        requests += 1;
        if (res.status >= 400) {
          errors += 1;
          const key = `${res.status} ${res.json?.error?.code ?? ''}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
        if (kind === 0) uploads.push(performance.now() - started);
        else if (kind >= 3 && kind % 10 >= 3) reads.push({ path: READS[kind % 10]!, at: Date.now() - began, ms: performance.now() - started });
      }
    }),
  );
  clearInterval(sampler);
  await sleep(2000);
  const endPerProcess = Math.max(...servingPids(pid, workers).map(rssOf));
  if (failures.size) console.log('  errores:', Object.fromEntries(failures));
  const third = (SECONDS * 1000) / 3;
  const growth = Object.fromEntries(
    [...new Set(reads.map((read) => read.path))].map((route) => {
      const first = p95(reads.filter((read) => read.path === route && read.at < third).map((read) => read.ms));
      const last = p95(reads.filter((read) => read.path === route && read.at >= 2 * third).map((read) => read.ms));
      return [route, { first: Math.round(first * 10) / 10, last: Math.round(last * 10) / 10, ratio: Math.round((last / first) * 100) / 100 }];
    }),
  );
  console.table(growth);
  // The texts still to read when the load stops are read first (the extraction threads and the database are busy until then).
  if (options.textsPending) {
    const drained = Date.now();
    const left = await options.textsPending();
    while ((await options.textsPending()) > 0 && Date.now() - drained < 5 * 60_000) await sleep(1000);
    const still = await options.textsPending();
    console.log(`  textos por leer al terminar la carga: ${left}; ${still === 0 ? 'todos leídos' : `${still} aún por leer`} en ${Math.round((Date.now() - drained) / 1000)} s`);
  }
  // The same reads once the load is over, by the first lawyer (now with all its records): what the records alone cost.
  const quietAfter = await quietP95(lawyers[0]!);
  console.table(
    Object.fromEntries(
      Object.keys(quietBefore).map((route) => [
        route,
        { 'sin carga, al empezar': quietBefore[route], 'sin carga, al final': quietAfter[route], ratio: Math.round((quietAfter[route]! / quietBefore[route]!) * 100) / 100 },
      ]),
    ),
  );
  if (options.tableStats) console.table(await options.tableStats());
  console.log('  piso de memoria por minuto (MB, por proceso):', floors.map((sizes) => sizes.map((size) => Math.round(size)).join('/')).join(' → '));
  return { growth, quietBefore, quietAfter, floors, requests, errors, uploadsP95: p95(uploads), uploads: uploads.length, peakPerProcess, peakTotal, endPerProcess };
}

console.log('Compilando el servidor (npm run build lo hace también)…');
if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

const results: Record<string, unknown> = { date: new Date().toISOString(), lawyers: LAWYERS, seconds: SECONDS };

// 1. The embedded database: first start (the database is made), a restart, then the load (BENCH_SKIP_PGLITE=1: PostgreSQL only).
if (!process.env.BENCH_SKIP_PGLITE) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-mem-'));
  let server = await startBuiltServer({ DATA_DIR: dataDir });
  await sleep(10_000);
  const firstIdle = rssOf(server.child.pid!);
  await server.stop();
  server = await startBuiltServer({ DATA_DIR: dataDir });
  await sleep(10_000);
  const idle = rssOf(server.child.pid!);
  console.log(`PGlite: en reposo ${idle.toFixed(0)} MB (primer arranque, con la base recién creada: ${firstIdle.toFixed(0)} MB)`);
  const loaded = await load(server.url, dataDir, server.child.pid!, false);
  console.log(
    `PGlite: ${LAWYERS} abogados ${SECONDS} s: ${loaded.requests} peticiones, ${loaded.errors} errores; pico ${loaded.peakPerProcess.toFixed(0)} MB, al final ${loaded.endPerProcess.toFixed(0)} MB; subida PDF p95 ${loaded.uploadsP95.toFixed(0)} ms (${loaded.uploads})`,
  );
  results.pglite = { firstIdle, idle, ...loaded };
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

// 2. PostgreSQL with two workers on one machine.
if (process.env.BENCH_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  const name = `bufete_mem_bench_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-mem-pg-'));
  try {
    const server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: url.toString(), APP_SECRET: 'secreto-del-banco-de-memoria-0123456789abcdef', WORKERS: '2' });
    await sleep(10_000);
    const idle = Math.max(...childrenOf(server.child.pid!).map(rssOf));
    const primary = rssOf(server.child.pid!);
    console.log(`PostgreSQL (2 procesos): en reposo ${idle.toFixed(0)} MB por proceso (el que los vigila: ${primary.toFixed(0)} MB)`);
    // Which tables were read whole (sequential scans) and how much, over the load: a list reading more than its page shows here.
    const benchDb = new pg.Client({ connectionString: url.toString() });
    await benchDb.connect();
    const tableStats = async () =>
      (
        await benchDb.query(
          `select relname as tabla, n_live_tup as filas, seq_scan as lecturas_completas, seq_tup_read as filas_leidas_completas, idx_scan as por_indice, n_dead_tup as filas_muertas
             from pg_stat_user_tables order by seq_tup_read desc limit 8`,
        )
      ).rows;
    const seeded = drizzle(benchDb) as unknown as Database;
    const seed = SEED
      ? async (userId: string) => {
          await seedPractice(seeded, userId, { cases: SEED, clients: SEED });
          await seedContents(seeded, userId, { documents: SEED, notes: 0 });
        }
      : undefined;
    const textsPending = async () =>
      Number((await benchDb.query(`select count(*) as n from jobs where kind = 'documentos.leer-texto' and status in ('pending', 'running')`)).rows[0].n);
    const loaded = await load(server.url, dataDir, server.child.pid!, true, { tableStats, seed, textsPending });
    await benchDb.end();
    console.log(
      `PostgreSQL: ${loaded.requests} peticiones, ${loaded.errors} errores; pico por proceso ${loaded.peakPerProcess.toFixed(0)} MB, en total ${loaded.peakTotal.toFixed(0)} MB; subida PDF p95 ${loaded.uploadsP95.toFixed(0)} ms (${loaded.uploads})`,
    );
    results.postgres = { idle, primary, ...loaded };
    await server.stop();
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const pgl = results.pglite as { idle: number; peakPerProcess: number; uploadsP95: number } | undefined;
const pgs = results.postgres as { peakPerProcess: number; uploadsP95: number } | undefined;
console.table({
  ...(pgl
    ? {
        'en reposo (PGlite) ≤ 300 MB': { medido: `${pgl.idle.toFixed(0)} MB`, cumple: pgl.idle <= 300 },
        'carga (PGlite) ≤ 600 MB': { medido: `${pgl.peakPerProcess.toFixed(0)} MB`, cumple: pgl.peakPerProcess <= 600 },
      }
    : {}),
  ...(pgs ? { 'carga por proceso (PostgreSQL) ≤ 400 MB': { medido: `${pgs.peakPerProcess.toFixed(0)} MB`, cumple: pgs.peakPerProcess <= 400 } } : {}),
  ...(pgl && pgs ? { 'subida p95 PGlite / PostgreSQL ≤ 1.5': { medido: (pgl.uploadsP95 / pgs.uploadsP95).toFixed(2), cumple: pgl.uploadsP95 / pgs.uploadsP95 <= 1.5 } } : {}),
});
await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
const file = path.join(ROOT, 'bench/results', `memory-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(file, JSON.stringify(results, null, 2));
console.log(`Resultados: ${file}`);

import { fork } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../paths';
import { isAlive } from './lock';
import * as schema from './schema';

/**
 * PGlite's own start parameters (its defaultStartParams: one process, no
 * parallel workers), with PostgreSQL's memory for one lawyer's laptop:
 * PostgreSQL's defaults reserve 128 MB of shared buffers and 64 MB for index
 * builds inside the WebAssembly memory, which never shrinks. A solo practice's
 * whole database is a few hundred megabytes at most, read through the
 * operating system's file cache anyway (decision 0021).
 */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'io_method=sync',
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=4MB',
  '-c',
  'wal_buffers=1MB',
];

const CHILD_FILE = new URL('./migrate.child.mjs', import.meta.url);

/** PGlite on `dir` with the extensions the schema uses and a laptop's memory settings. */
export function openPgliteClient(dir: string): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { pg_trgm, unaccent, btree_gin }, startParams: PGLITE_START_PARAMS });
}

/** Applies the pending migrations on an open client. */
export async function migrateClient(client: PGlite): Promise<void> {
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Migrations the database has applied, from drizzle's own table (0 for a new database). */
async function appliedMigrations(client: PGlite): Promise<number> {
  const table = await client.query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!table.rows[0]?.exists) return 0;
  const result = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return Number(result.rows[0]?.n ?? 0);
}

const shippedMigrations = () => (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/**
 * Creates or migrates the database in a child process. Not a worker thread:
 * the C library keeps a thread's freed memory for the process (glibc's malloc
 * arenas), so ~150 MB stayed resident after the thread ended; a process that
 * exits gives everything back.
 */
function migrateInChildProcess(dir: string, pidFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(CHILD_FILE), [dir, String(process.pid)], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    // Kept while it runs: a server that starts after this one died stops it first (stopLeftoverMigration).
    if (child.pid) writeFileSync(pidFile, String(child.pid));
    let answer: { ok: true } | { ok: false; error: string } | undefined;
    child.once('message', (message: typeof answer) => (answer = message));
    child.once('error', (error) => (answer = { ok: false, error: error.message }));
    child.once('exit', (code) => {
      rmSync(pidFile, { force: true });
      if (answer?.ok) resolve();
      else reject(new Error(answer?.error ?? `La migración de la base de datos terminó sin responder (código ${code})`));
    });
  });
}

/** Where a running migration's process id is kept, beside the database folder. */
const migratingFile = (dir: string) => `${dir}.migrating`;

/** Whether `pid` is our migration process (Linux: its command line); null where that cannot be read. */
function isMigrationProcess(pid: number): boolean | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('migrate.child');
  } catch {
    return existsSync('/proc/self') ? false : null;
  }
}

/**
 * A migration process whose server died (kill -9, a power cut) may still be
 * writing: creating a database is seconds of work that never yields, so it
 * cannot hear that its parent is gone. It is stopped before this server
 * touches the folder (where its command line cannot be checked, waited for,
 * up to a minute).
 */
async function stopLeftoverMigration(dir: string): Promise<void> {
  const file = migratingFile(dir);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8'));
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const ours = isMigrationProcess(pid);
    if (ours) process.kill(pid, 'SIGKILL');
    const until = Date.now() + (ours ? 5_000 : ours === null ? 60_000 : 0);
    while (isAlive(pid) && isMigrationProcess(pid) !== false && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  rmSync(file, { force: true });
}

/**
 * The embedded database, created and migrated, ready to serve. Creating a
 * database (initdb) and migrating it grow PGlite's WebAssembly memory to
 * hundreds of megabytes that a process never gives back, so that work runs in
 * a child process first (a new database in a folder of its own, moved into
 * place when complete): the server then serves from a fresh, small instance
 * (bench/README.md, memory). An up-to-date database opens directly.
 */
export async function openEmbedded(dir: string): Promise<PGlite> {
  await stopLeftoverMigration(dir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    // Made aside and moved into place whole: a start cut short leaves no half-made database.
    const fresh = `${dir}.nueva`;
    rmSync(fresh, { recursive: true, force: true });
    await migrateInChildProcess(fresh, migratingFile(dir));
    rmSync(dir, { recursive: true, force: true });
    renameSync(fresh, dir);
  }
  let client = await openPgliteClient(dir);
  if ((await appliedMigrations(client)) < shippedMigrations()) {
    await client.close();
    await migrateInChildProcess(dir, migratingFile(dir));
    client = await openPgliteClient(dir);
  }
  try {
    // Nothing left to apply by now; kept so that this open is never behind its schema.
    await migrateClient(client);
    return client;
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DEFAULT_SEARCH_CONNECTIONS } from '../config';
import { MIGRATIONS_FOLDER } from '../paths';
import { errorCodeOf, type Logger } from '../logger';
import { acquireDataDirLock } from './lock';
import { openEmbedded } from './pglite';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver: PGlite (embedded) and node-postgres share the pg dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction: the same queries, committed or rolled back together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database, for statements whose best plan depends on their
   * values (the search: a two-letter word has no trigram to look up, a common
   * word is best read in date order). Prepared statements here are kept by
   * name, so their text is sent and parsed once per connection, but planned
   * on every run with the values (`plan_cache_mode = force_custom_plan` on
   * PostgreSQL: a plan made once for any values read a whole trigram index
   * for a short word, 50 ms against 5). PGlite plans every statement anyway:
   * there it is `db`.
   */
  plannedPerRun: Database;
  kind: 'pglite' | 'postgres';
  /** Round trip to the database; used by /api/health. */
  ping(): Promise<void>;
  /**
   * Receives the NOTIFY messages of `channel` from every process on this
   * database. `onListening` runs each time listening (re)starts: whatever was
   * sent while the connection was down is lost, and the caller knows it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onListening: () => void): Promise<void>;
  /** PGlite only: the whole database at one moment, as a gzipped tar of its data folder (backups). */
  snapshot?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Arbitrary constant that serialises migrations across server processes. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Opens the database and applies pending migrations. With a DATABASE_URL it
 * connects to PostgreSQL; otherwise it runs PGlite in DATA_DIR/db, guarded by
 * a lock file because PGlite allows one process per data directory.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; searchConnections?: number; logger?: Pick<Logger, 'warn'> }): Promise<DatabaseHandle> {
  const logger = options.logger ?? { warn: () => {} };
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.searchConnections ?? DEFAULT_SEARCH_CONNECTIONS, logger);
  return openPglite(options.dataDir);
}

/**
 * A pool of node-postgres connections. A backend that ends (a restart, a
 * failover, an idle timeout, pg_terminate_backend) makes its connection emit
 * 'error': through the pool when it is idle, on the connection itself when a
 * request holds it between two queries. Unheard, either event would end the
 * process; heard, the query in flight fails with a connection error (a 503 in
 * Spanish, http/db-errors.ts) and the pool opens a new connection for the next.
 * (postgres.js 3.4.9 wrote to such a connection after it closed, a TypeError
 * no caller could catch: decision 0020.)
 */
function poolOf(url: string, max: number, logger: Pick<Logger, 'warn'>, connectionOptions?: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, options: connectionOptions, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, keepAlive: true });
  // Heard once, on the connection itself (the pool relays an idle one's error too: heard, and said once).
  pool.on('connect', (client) => client.on('error', (error) => logger.warn(`Se perdió una conexión con PostgreSQL (${errorCodeOf(error)}); se abrirá otra.`)));
  pool.on('error', () => {});
  return pool;
}

async function openPostgres(url: string, searchConnections: number, logger: Pick<Logger, 'warn'>): Promise<DatabaseHandle> {
  // Several processes may start together on one PostgreSQL: one migrates at a
  // time, holding a session-level advisory lock on a dedicated connection.
  const migrator = new pg.Client({ connectionString: url });
  migrator.on('error', () => {});
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(migrator, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  } finally {
    await migrator.end().catch(() => {});
  }
  const pool = poolOf(url, 10, logger);
  const db = drizzleNodePg(pool, { schema });
  // Connections of its own: plan_cache_mode is a setting of the connection.
  const plannedPerRunPool = poolOf(url, searchConnections, logger, '-c plan_cache_mode=force_custom_plan');
  const listeners: { stop(): Promise<void> }[] = [];
  return {
    db: db as unknown as Database,
    plannedPerRun: drizzleNodePg(plannedPerRunPool, { schema }) as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onMessage, onListening) => {
      listeners.push(await listenWithReconnect(url, channel, onMessage, onListening, logger));
    },
    close: async () => {
      await Promise.all(listeners.map((listener) => listener.stop()));
      await Promise.all([pool.end(), plannedPerRunPool.end()]);
    },
  };
}

/**
 * LISTEN on a connection of its own, opened again whenever it is lost (with
 * a growing wait, up to 10 s): `onListening` runs on each (re)start, so the
 * caller knows that what was announced meanwhile was missed.
 */
async function listenWithReconnect(url: string, channel: string, onMessage: (payload: string) => void, onListening: () => void, logger: Pick<Logger, 'warn'>) {
  let current: pg.Client | undefined;
  let stopped = false;
  let retryMs = 250;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('error', () => {}); // 'end' follows, and reconnects
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client.on('end', () => {
      if (client !== current || stopped) return;
      current = undefined;
      logger.warn('Se perdió la conexión que escucha los avisos de PostgreSQL; se abrirá otra.');
      schedule();
    });
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    retryMs = 250;
    onListening();
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        logger.warn(`No se pudo volver a escuchar los avisos de PostgreSQL (${errorCodeOf(error)}); se reintentará.`);
        retryMs = Math.min(retryMs * 2, 10_000);
        schedule();
      });
    }, retryMs);
    retry.unref();
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await openEmbedded(path.join(dataDir, 'db'));
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Database,
      plannedPerRun: db as unknown as Database,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      snapshot: async () => new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()),
      // One process, one connection: nothing is ever missed.
      listen: async (channel, onMessage, onListening) => {
        await client.listen(channel, onMessage);
        onListening();
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The rows of `db.execute`: `{ rows }` with node-postgres and PGlite (an array with drivers that return one). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A json column's value: parsed already by one driver, text from another (a column built in SQL, such as `json_agg`). */
export function jsonOf<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

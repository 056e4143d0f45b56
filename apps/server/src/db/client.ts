import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { DEFAULT_SEARCH_CONNECTIONS } from '../config';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver: PGlite (embedded) and postgres-js share the pg dialect. */
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

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');
/** Arbitrary constant that serialises migrations across server processes. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Opens the database and applies pending migrations. With a DATABASE_URL it
 * connects to PostgreSQL; otherwise it runs PGlite in DATA_DIR/db, guarded by
 * a lock file because PGlite allows one process per data directory.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; searchConnections?: number }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.searchConnections ?? DEFAULT_SEARCH_CONNECTIONS);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, searchConnections: number): Promise<DatabaseHandle> {
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  // Connections of its own: plan_cache_mode is a setting of the connection.
  const plannedPerRunClient = postgres(url, { max: searchConnections, onnotice: () => {}, connection: { plan_cache_mode: 'force_custom_plan' } });
  // Several processes may start together on one PostgreSQL: one migrates at a
  // time, holding a session-level advisory lock on a dedicated connection.
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await migrator.end({ timeout: 5 });
  }
  return {
    db: db as unknown as Database,
    plannedPerRun: drizzlePostgres(plannedPerRunClient, { schema }) as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // postgres-js keeps one connection for LISTEN and reconnects it; onlisten runs on each (re)connect.
    listen: async (channel, onMessage, onListening) => {
      await client.listen(channel, onMessage, onListening);
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), plannedPerRunClient.end({ timeout: 5 })]);
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm, unaccent, btree_gin } });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
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

/** `db.execute` returns an array with postgres-js and `{ rows }` with PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, customType, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** PostgreSQL's full-text search document (a generated column). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The owner of a row: deleting the account deletes it. */
export const ownerColumn = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The columns every stored file (document, image) has: its row, its owner and where its bytes are. */
export const storedFileColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: ownerColumn(),
  nombre: text('nombre').notNull(),
  tipo: text('tipo').notNull(),
  tamano: bigint('tamano', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
});

/**
 * A timestamp column selected as the ISO 8601 text the API sends (what
 * `Date#toISOString` gives: UTC, milliseconds). Lists select their times this
 * way: the server then neither parses nor formats a date per row, which was a
 * tenth of a list request's CPU.
 */
export const isoInstant = (column: AnyPgColumn): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

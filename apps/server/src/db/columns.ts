import { bigint, customType, text, uuid } from 'drizzle-orm/pg-core';
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

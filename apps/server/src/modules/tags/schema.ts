import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    nombre: text('nombre').notNull(),
    color: text('color').notNull().default('#89b4fa'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One tag per name and user: creating it again returns the same tag.
  (table) => [uniqueIndex('tags_user_nombre_idx').on(table.userId, sql`lower(${table.nombre})`)],
);

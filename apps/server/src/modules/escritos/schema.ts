import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { storedFileColumns } from '../../db/columns';

/**
 * A lawyer's own escrito template (issue 36): a Word file with fields in
 * braces, checked when uploaded (its fields listed in `campos`, in the order
 * they first appear). Its bytes are in the documentos bucket, private, and
 * count against the lawyer's storage quota.
 */
export const escritoPlantillas = pgTable(
  'escrito_plantillas',
  {
    ...storedFileColumns(),
    descripcion: text('descripcion'),
    campos: jsonb('campos')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('escrito_plantillas_user_idx').on(table.userId, table.createdAt)],
);

import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFileColumns } from '../../db/columns';
import { casos } from '../cases/schema';
import { notas } from '../notes/schema';

/** An image attached to a case or to a note (exactly one of them). */
export const imagenes = pgTable(
  'imagenes',
  {
    ...storedFileColumns(),
    casoId: uuid('caso_id').references(() => casos.id, { onDelete: 'cascade' }),
    notaId: uuid('nota_id').references(() => notas.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('imagenes_caso_idx').on(table.casoId, sql`${table.createdAt} desc`),
    index('imagenes_nota_idx').on(table.notaId, sql`${table.createdAt} desc`),
    index('imagenes_user_idx').on(table.userId),
    check('imagenes_owner_check', sql`(${table.casoId} is null) <> (${table.notaId} is null)`),
  ],
);

import { PARTE_ROLES } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { casos } from '../cases/schema';

/**
 * A party of a case (issue 35): its side (actora, demandada, tercero; or
 * 'contraparte' when carried over from the one field an earlier Bufete had),
 * its name and its counsel. It goes with its case.
 */
export const casoPartes = pgTable(
  'caso_partes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    casoId: uuid('caso_id')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    rol: text('rol', { enum: PARTE_ROLES }).notNull(),
    nombre: text('nombre').notNull(),
    abogado: text('abogado'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('caso_partes_caso_idx').on(table.userId, table.casoId, table.createdAt),
    // The conflict check looks a name's longest word up among all of a lawyer's parties.
    index('caso_partes_nombre_idx').using('gin', table.userId, sql`bufete_norm(${table.nombre}) gin_trgm_ops`),
    check('caso_partes_rol_check', sql`${table.rol} in ('actor', 'demandado', 'tercero', 'contraparte')`),
  ],
);

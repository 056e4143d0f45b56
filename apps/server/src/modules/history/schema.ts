import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Cambio } from '@bufete/shared';
import { ownerColumn } from '../../db/columns';

/**
 * The history ('Historial'): one row per change a lawyer made or that was
 * made on their behalf. Append-only: a trigger (migration 0022) refuses every
 * UPDATE, and every DELETE except the purge of a closed account. Rows name
 * the fields that changed, with old → new values only when short, never the
 * contents of notes or documents.
 */
export const historial = pgTable(
  'historial',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerColumn(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    accion: text('accion').notNull(),
    entidad: text('entidad').notNull(),
    entidadId: text('entidad_id'),
    /** The case a change belongs to, so a case's 'Historial' finds its records' changes. */
    casoId: text('caso_id'),
    resumen: text('resumen').notNull(),
    cambios: jsonb('cambios')
      .$type<Cambio[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ip: text('ip'),
    /**
     * The member of the despacho who made the change, when it was not its
     * titular (issue 46): their account and their name as it was then (a
     * removed member's entries still say who).
     */
    autorId: text('autor_id'),
    autor: text('autor'),
  },
  (table) => [
    index('historial_user_fecha_idx').on(table.userId, sql`${table.fecha} desc`, sql`${table.id} desc`),
    index('historial_entidad_idx').on(table.userId, table.entidad, table.entidadId),
    index('historial_caso_idx')
      .on(table.userId, table.casoId)
      .where(sql`${table.casoId} is not null`),
  ],
);

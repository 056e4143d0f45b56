import { PORTABILIDAD_ESTADOS } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import type { AreaCount, ImportContenido } from '@bufete/shared';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';

/**
 * 'Exportar todos mis datos' and 'Importar datos' (issue 28): one row per run,
 * followed by the page while the queue's job works. An export's zip lives in
 * the `exportaciones` bucket under `archivo_key` until `vence_at`; an
 * import's zip lives there from its upload ('por_confirmar', while the
 * lawyer reads what it brings: `contenido`) until the import ends (what it
 * added: `importado`). An import remembers the export it came from
 * (`origen`): importing the same zip again adds nothing.
 */
export const portabilidad = pgTable(
  'portabilidad',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    tipo: text('tipo', { enum: ['exportacion', 'importacion'] }).notNull(),
    estado: text('estado', { enum: PORTABILIDAD_ESTADOS }).notNull().default('en_cola'),
    avance: integer('avance').notNull().default(0),
    etapa: text('etapa'),
    mensaje: text('mensaje'),
    bytes: bigint('bytes', { mode: 'number' }),
    archivoKey: text('archivo_key'),
    origen: text('origen'),
    contenido: jsonb('contenido').$type<ImportContenido>(),
    importado: jsonb('importado').$type<AreaCount[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    terminadaAt: timestamp('terminada_at', { withTimezone: true }),
    venceAt: timestamp('vence_at', { withTimezone: true }),
  },
  (table) => [
    index('portabilidad_user_tipo_idx').on(table.userId, table.tipo, sql`${table.createdAt} desc`),
    // One export and one import at a time per lawyer.
    uniqueIndex('portabilidad_en_marcha_idx')
      .on(table.userId, table.tipo)
      .where(sql`${table.estado} in ('en_cola', 'en_curso')`),
    index('portabilidad_vence_idx')
      .on(table.venceAt)
      .where(sql`${table.archivoKey} is not null`),
  ],
);

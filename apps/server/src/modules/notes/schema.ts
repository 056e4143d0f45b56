import type { RichTextNode } from '@bufete/shared';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { ownerColumn } from '../../db/columns';
import { tsvector } from '../../db/columns';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { tags } from '../tags/schema';

/** A note (spec part 2, section 3): rich text stored as a structured document, with a plain-text copy. */
export const notas = pgTable(
  'notas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    titulo: text('titulo').notNull(),
    contenido: jsonb('contenido').$type<RichTextNode>().notNull(),
    contenidoTexto: text('contenido_texto').notNull().default(''),
    casoId: uuid('caso_id').references(() => casos.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    isFavorita: boolean('is_favorita').notNull().default(false),
    /**
     * Private to its author (issue 46): nobody else in the despacho reads it,
     * the titular included. `autor_id` is who wrote it; a note of nobody in
     * particular (before teams) is the titular's.
     */
    privada: boolean('privada').notNull().default(false),
    autorId: text('autor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    busqueda: tsvector('busqueda').generatedAlwaysAs((): SQL => sql`to_tsvector('bufete_es', coalesce(${notas.titulo}, '') || ' ' || coalesce(${notas.contenidoTexto}, ''))`),
    /** The top bar's search: the title (the content has the full-text column), lower case without accents (modules/search; trigram index). */
    busquedaTexto: text('busqueda_texto').generatedAlwaysAs((): SQL => sql`bufete_norm(${notas.titulo})`),
  },
  (table) => [
    index('notas_user_updated_idx').on(table.userId, sql`${table.updatedAt} desc`, sql`${table.id} desc`),
    index('notas_caso_idx').on(table.casoId),
    index('notas_cliente_idx').on(table.clienteId),
    index('notas_busqueda_idx').using('gin', table.busqueda),
    index('notas_busqueda_texto_idx').using('gin', table.userId, sql`${table.busquedaTexto} gin_trgm_ops`),
  ],
);

export const notaTags = pgTable(
  'nota_tags',
  {
    notaId: uuid('nota_id')
      .notNull()
      .references(() => notas.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.notaId, table.tagId] }), index('nota_tags_tag_idx').on(table.tagId)],
);

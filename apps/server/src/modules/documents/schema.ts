import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFileColumns, tsvector } from '../../db/columns';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';

/** An uploaded document (spec part 2, section 3). The file itself lives in storage under `storageKey`. */
export const documentos = pgTable(
  'documentos',
  {
    ...storedFileColumns(),
    contenido: text('contenido'),
    /**
     * Its text, read in the background after the file is stored (an upload
     * never waits for a busy extraction): 'pendiente' until read; null for
     * a file that has none to read.
     */
    extraccion: text('extraccion', { enum: ['pendiente', 'lista'] }),
    casoId: uuid('caso_id').references(() => casos.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    /** 'Visible para el cliente': shown in the client's portal (issue 38); nothing else ever is. */
    visibleCliente: boolean('visible_cliente').notNull().default(false),
    /** Sent by the client from their portal ('Recibidos del cliente'): when. */
    recibidoClienteAt: timestamp('recibido_cliente_at', { withTimezone: true }),
    /** The lawyer reviewed what the client sent ('Marcar como revisado'): when; null while it waits. */
    revisadoAt: timestamp('revisado_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Spanish full-text search over the name and the extracted text. */
    busqueda: tsvector('busqueda').generatedAlwaysAs((): SQL => sql`to_tsvector('bufete_es', coalesce(${documentos.nombre}, '') || ' ' || coalesce(${documentos.contenido}, ''))`),
    /** The top bar's search: the name (the content has the full-text column), lower case without accents (modules/search; trigram index). */
    busquedaTexto: text('busqueda_texto').generatedAlwaysAs((): SQL => sql`bufete_norm(${documentos.nombre})`),
  },
  (table) => [
    index('documentos_user_created_idx').on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index('documentos_caso_idx').on(table.casoId),
    index('documentos_cliente_idx').on(table.clienteId),
    index('documentos_busqueda_idx').using('gin', table.busqueda),
    index('documentos_nombre_search_idx').using('gin', sql`lower(${table.nombre}) gin_trgm_ops`),
    index('documentos_busqueda_texto_idx').using('gin', table.userId, sql`${table.busquedaTexto} gin_trgm_ops`),
    index('documentos_extraccion_pendiente_idx')
      .on(table.id)
      .where(sql`${table.extraccion} = 'pendiente'`),
  ],
);

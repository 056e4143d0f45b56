import { ACTUACION_ORIGENES, ACTUACION_TIPOS } from '@bufete/shared';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { casos } from '../cases/schema';
import { documentos } from '../documents/schema';

/**
 * What a court published in a case (issue 35): the day it was published, the
 * day it takes effect (from which a plazo runs), its kind, its text as
 * published and where it came from (a bulletin read by Bufete, the lawyer's
 * typing, an email). It goes with its case.
 */
export const actuaciones = pgTable(
  'actuaciones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    casoId: uuid('caso_id')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    fechaPublicacion: date('fecha_publicacion', { mode: 'string' }).notNull(),
    fechaEfectos: date('fecha_efectos', { mode: 'string' }),
    tipo: text('tipo', { enum: ACTUACION_TIPOS }).notNull(),
    texto: text('texto').notNull(),
    origen: text('origen', { enum: ACTUACION_ORIGENES }).notNull(),
    /** Where it was published ('Boletín Judicial CDMX, 26/11/2026, Quinto de lo Civil'). */
    fuente: text('fuente'),
    /** 'Visible para el cliente': shown in the client's portal (issue 38). */
    visibleCliente: boolean('visible_cliente').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The top bar's search reads the text, lower case without accents (modules/search). */
    busquedaTexto: text('busqueda_texto').generatedAlwaysAs((): SQL => sql`bufete_norm(${actuaciones.texto} || ' ' || coalesce(${actuaciones.fuente}, ''))`),
  },
  (table) => [
    index('actuaciones_caso_fecha_idx').on(table.userId, table.casoId, sql`${table.fechaPublicacion} desc`, sql`${table.createdAt} desc`),
    index('actuaciones_user_fecha_idx').on(table.userId, sql`${table.fechaPublicacion} desc`),
    index('actuaciones_busqueda_idx').using('gin', table.userId, sql`${table.busquedaTexto} gin_trgm_ops`),
    check('actuaciones_tipo_check', sql`${table.tipo} in ('acuerdo', 'auto_admisorio', 'emplazamiento', 'requerimiento', 'audiencia', 'sentencia', 'otro')`),
    check('actuaciones_origen_check', sql`${table.origen} in ('boletin', 'manual', 'correo')`),
    check('actuaciones_efectos_check', sql`${table.fechaEfectos} is null or ${table.fechaEfectos} >= ${table.fechaPublicacion}`),
  ],
);

/** The case's documents an actuación points to (the acuerdo's scan, the escrito it answers). */
export const actuacionDocumentos = pgTable(
  'actuacion_documentos',
  {
    actuacionId: uuid('actuacion_id')
      .notNull()
      .references(() => actuaciones.id, { onDelete: 'cascade' }),
    documentoId: uuid('documento_id')
      .notNull()
      .references(() => documentos.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.actuacionId, table.documentoId] }), index('actuacion_documentos_documento_idx').on(table.documentoId)],
);

import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';

/** A lawyer's client (spec part 1, section 3). */
export const clientes = pgTable(
  'clientes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    nombre: text('nombre').notNull(),
    email: text('email'),
    telefono: text('telefono'),
    empresa: text('empresa'),
    direccion: text('direccion'),
    rfc: text('rfc'),
    razonSocial: text('razon_social'),
    regimenFiscal: text('regimen_fiscal'),
    codigoPostal: text('codigo_postal'),
    usoCfdi: text('uso_cfdi'),
    /** Asked for no invoice: their paid receipts without a CFDI go into the factura global (público en general). */
    publicoEnGeneral: boolean('publico_en_general').notNull().default(false),
    /** 'Eliminar datos del cliente' with invoices the law keeps: only the fiscal data their invoices need remains (issue 28). */
    datosEliminadosAt: timestamp('datos_eliminados_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The top bar's search: name first, then email, company, RFC and razón social, lower case without accents (modules/search; trigram index). */
    busquedaTexto: text('busqueda_texto').generatedAlwaysAs(
      (): SQL =>
        sql`bufete_norm(${clientes.nombre} || ' ' || coalesce(${clientes.email}, '') || ' ' || coalesce(${clientes.empresa}, '') || ' ' || coalesce(${clientes.rfc}, '') || ' ' || coalesce(${clientes.razonSocial}, ''))`,
    ),
    /** The names in it, normalized the same way: small typos are forgiven here (short texts keep that fast). */
    nombreBusqueda: text('nombre_busqueda').generatedAlwaysAs((): SQL => sql`bufete_norm(${clientes.nombre} || ' ' || coalesce(${clientes.razonSocial}, ''))`),
  },
  (table) => [
    // Listing order (by name, ignoring case) and keyset paging.
    index('clientes_user_nombre_idx').on(table.userId, sql`lower(${table.nombre})`, table.id),
    index('clientes_search_idx').using('gin', sql`(lower(${table.nombre} || ' ' || coalesce(${table.email}, '') || ' ' || coalesce(${table.empresa}, ''))) gin_trgm_ops`),
    index('clientes_busqueda_idx').using('gin', table.userId, sql`${table.busquedaTexto} gin_trgm_ops`),
    index('clientes_nombre_busqueda_idx').using('gin', table.userId, sql`${table.nombreBusqueda} gin_trgm_ops`),
    // The top bar's search ranks clients most recently touched first: a common word reads
    // this index in order and stops after the few it shows (modules/search).
    index('clientes_user_updated_idx').on(table.userId, sql`${table.updatedAt} desc`, sql`${table.id} desc`),
  ],
);

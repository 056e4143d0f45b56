import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { facturas } from '../invoices/schema';

/**
 * Billable time on a case: hundredths of an hour (quarter-hour steps) at a
 * rate; once invoiced it points at its invoice and is never billed again.
 */
export const timeEntries = pgTable(
  'tiempo_entradas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    casoId: uuid('caso_id').references(() => casos.id, { onDelete: 'set null' }),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    fecha: date('fecha').notNull(),
    centihoras: integer('centihoras').notNull(),
    descripcion: text('descripcion').notNull(),
    /** Null: kept without a rate (a timer stopped before one was saved); billing asks for it. */
    tarifaPorHora: numeric('tarifa_por_hora', { precision: 12, scale: 2 }),
    facturaId: uuid('factura_id').references(() => facturas.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tiempo_entradas_user_fecha_idx').on(table.userId, sql`${table.fecha} desc`),
    index('tiempo_entradas_caso_idx').on(table.casoId),
    index('tiempo_entradas_cliente_idx').on(table.clienteId),
    index('tiempo_entradas_factura_idx')
      .on(table.facturaId)
      .where(sql`${table.facturaId} is not null`),
    index('tiempo_entradas_unbilled_idx')
      .on(table.userId, table.clienteId)
      .where(sql`${table.facturaId} is null`),
    check('tiempo_entradas_centihoras_check', sql`${table.centihoras} > 0 and ${table.centihoras} % 25 = 0`),
  ],
);

/** The lawyer's running timer (one at a time), kept on the server so it survives reloads. */
export const timers = pgTable('tiempo_temporizadores', {
  userId: ownerColumn().primaryKey(),
  casoId: uuid('caso_id')
    .notNull()
    .references(() => casos.id, { onDelete: 'cascade' }),
  descripcion: text('descripcion'),
  iniciado: timestamp('iniciado', { withTimezone: true }).notNull().defaultNow(),
});

import { integer, pgTable } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';

/**
 * The dashboard's numbers, kept rather than counted: one row per lawyer,
 * adjusted inside the same transaction as every insert, delete or change of
 * state of a case, client or document, by statement-level triggers on those
 * tables (migration 0018_dashboard_counts). Counting on each visit read every
 * one of the lawyer's rows, ~2.5 ms of database time at 10,000 cases and ten
 * times that at 100,000; this is one indexed row whatever the practice's size.
 * A lawyer with no row yet has counted nothing.
 */
export const conteosPractica = pgTable('conteos_practica', {
  userId: ownerColumn().primaryKey(),
  casos: integer('casos').notNull().default(0),
  casosActivos: integer('casos_activos').notNull().default(0),
  clientes: integer('clientes').notNull().default(0),
  documentos: integer('documentos').notNull().default(0),
});

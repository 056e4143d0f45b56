import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';

/** The court sites a lawyer follows (Configuración): their bulletin is read for them every business day. */
export const boletinSuscripciones = pgTable(
  'boletin_suscripciones',
  {
    userId: ownerColumn(),
    fuente: text('fuente').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.fuente] }), check('boletin_suscripciones_fuente_check', sql`${table.fuente} in ('cdmx', 'bc', 'jalisco')`)],
);

/**
 * Each source's fetch of a day (no owner: one per site and day, for every
 * lawyer who follows it): how it ended, how many attempts, when the next may
 * run, and why it failed (for the operator). The bulletin itself is not kept.
 */
export const boletinDescargas = pgTable(
  'boletin_descargas',
  {
    fuente: text('fuente').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    estado: text('estado', { enum: ['pendiente', 'leido', 'sin_boletin', 'ilegible', 'fallido'] })
      .notNull()
      .default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    siguienteIntento: timestamp('siguiente_intento', { withTimezone: true }).notNull().defaultNow(),
    entradas: integer('entradas'),
    /** What was read that day (pages, courts, entries, and why it does not hold together): the reading report, for the operator. */
    informe: jsonb('informe'),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fuente, table.dia] }),
    check('boletin_descargas_estado_check', sql`${table.estado} in ('pendiente', 'leido', 'sin_boletin', 'ilegible', 'fallido')`),
  ],
);

/** What a followed bulletin said for one lawyer: its matches with their cases, kept for them to confirm (the rest of the bulletin is not). */
export const boletinRecibidos = pgTable(
  'boletin_recibidos',
  {
    userId: ownerColumn(),
    fuente: text('fuente').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    revision: jsonb('revision').notNull(),
    coincidencias: integer('coincidencias').notNull(),
    /** The matches counted apart: acuerdos confirmed in the lawyer's cases, and possible ones to review. */
    confirmadas: integer('confirmadas').notNull().default(0),
    posibles: integer('posibles').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.fuente, table.dia] })],
);

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { ownerColumn } from '../../db/columns';

/**
 * A calendar of días inhábiles: a preset (`user_id` null, `clave` amparo,
 * laboral or a state's courts, its rows generated year by year from the rules in
 * packages/shared/src/plazos.ts) or a lawyer's own calendar for a court, which
 * starts from a preset (`base`) and adds that court's days. `version` grows
 * with every change, so a computed plazo says which version it used.
 */
export const plazoCalendarios = pgTable(
  'plazo_calendarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clave: text('clave'),
    base: text('base').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plazo_calendarios_clave_idx')
      .on(table.clave)
      .where(sql`${table.userId} is null`),
    index('plazo_calendarios_user_idx').on(table.userId),
    check('plazo_calendarios_base_check', sql`${table.base} in ('amparo', 'laboral', 'cdmx', 'jalisco', 'nuevo_leon', 'edomex', 'baja_california')`),
  ],
);

/** One día inhábil of a calendar, with its reason and legal basis (editable data, not code). */
export const plazoDiasInhabiles = pgTable(
  'plazo_dias_inhabiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    calendarioId: uuid('calendario_id')
      .notNull()
      .references(() => plazoCalendarios.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    anio: integer('anio').notNull(),
    motivo: text('motivo').notNull(),
    fundamento: text('fundamento'),
    tipo: text('tipo', { enum: ['feriado', 'receso', 'suspension'] }).notNull(),
    verificado: boolean('verificado').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plazo_dias_calendario_fecha_idx').on(table.calendarioId, table.fecha),
    index('plazo_dias_calendario_anio_idx').on(table.calendarioId, table.anio),
    check('plazo_dias_tipo_check', sql`${table.tipo} in ('feriado', 'receso', 'suspension')`),
  ],
);

/**
 * A plazo the lawyer scheduled: what it was counted from, so a día inhábil
 * added later can be matched to the deadlines it moves, and the appointments
 * ('Vence plazo' and the notice before it) to move with it.
 */
export const plazosAgendados = pgTable(
  'plazos_agendados',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    calendarioId: uuid('calendario_id')
      .notNull()
      .references(() => plazoCalendarios.id, { onDelete: 'cascade' }),
    casoId: uuid('caso_id'),
    notificacion: date('notificacion', { mode: 'string' }).notNull(),
    dias: integer('dias').notNull(),
    tipo: text('tipo', { enum: ['habiles', 'naturales'] }).notNull(),
    descripcion: text('descripcion').notNull(),
    vence: date('vence', { mode: 'string' }).notNull(),
    eventoId: uuid('evento_id'),
    avisoId: uuid('aviso_id'),
    /** The actuación that started it (issue 35), when it was counted from one; its deletion leaves the plazo. */
    actuacionId: uuid('actuacion_id'),
    /** The article it was counted by ('Ley de Amparo, art. 86'), as scheduled. */
    fundamento: text('fundamento'),
    /**
     * Why the lawyer should look at it again, when its actuación's day moved
     * and it was not counted from that day (the lawyer typed another): it is
     * never recounted silently, nor silently kept. Null: nothing to review.
     */
    revisar: text('revisar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('plazos_agendados_user_calendario_idx').on(table.userId, table.calendarioId, table.vence),
    index('plazos_agendados_user_vence_idx').on(table.userId, table.vence),
    index('plazos_agendados_actuacion_idx')
      .on(table.actuacionId)
      .where(sql`${table.actuacionId} is not null`),
  ],
);

/**
 * A lawyer's own rule for a term (issue 35): what it is for, its legal basis,
 * its days, and the materia and kind of actuación it applies to (null: any).
 * 'Calcular término' offers it beside the catalogue's (packages/shared/src/reglas-plazo.ts).
 */
export const reglasPlazoPropias = pgTable(
  'reglas_plazo_propias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    nombre: text('nombre').notNull(),
    fundamento: text('fundamento'),
    dias: integer('dias').notNull(),
    tipo: text('tipo', { enum: ['habiles', 'naturales'] }).notNull(),
    materia: text('materia'),
    actuacionTipo: text('actuacion_tipo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reglas_plazo_propias_user_idx').on(table.userId, table.createdAt),
    check('reglas_plazo_propias_dias_check', sql`${table.dias} between 1 and 365`),
    check('reglas_plazo_propias_tipo_check', sql`${table.tipo} in ('habiles', 'naturales')`),
  ],
);

import { CASO_ESTADOS, CASO_PRIORIDADES, MATERIAS } from '@bufete/shared';
import { type SQL, sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { ownerColumn } from '../../db/columns';
import { clientes } from '../clients/schema';

/** A case (spec part 1, section 3). */
export const casos = pgTable(
  'casos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion'),
    estado: text('estado', { enum: CASO_ESTADOS }).notNull().default('Pendiente'),
    prioridad: text('prioridad', { enum: CASO_PRIORIDADES }).notNull().default('Media'),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    /** The member of the despacho who answers for it (issue 46): gone with their account, the case stays. */
    responsableId: text('responsable_id').references(() => users.id, { onDelete: 'set null' }),
    fechaVencimiento: date('fecha_vencimiento'),
    /** The case's identity in court (issue 11): file number, court or authority, area of law. */
    expediente: text('expediente'),
    juzgado: text('juzgado'),
    /** The court's secretaría that carries the case ('B'): said in the escritos' rubro. */
    secretaria: text('secretaria'),
    /**
     * The names of the case's parties, one per line, written by modules/parties with every change to
     * them (in the same transaction): the search columns below read them, and a bulletin's entry is
     * compared with them. Until issue 35 this was the one 'Contraparte' field.
     */
    partesTexto: text('partes_texto'),
    materia: text('materia', { enum: MATERIAS }),
    /**
     * The possible conflicts of interest the lawyer noted as reviewed: the id
     * of each record matched (another case's party, a client). Written by
     * modules/parties; a conflict not in it marks the case.
     */
    conflictosRevisados: jsonb('conflictos_revisados').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The top bar's search: title first, then the case's identity and description, lower case without accents (modules/search; trigram index). */
    busquedaTexto: text('busqueda_texto').generatedAlwaysAs(
      (): SQL =>
        sql`bufete_norm(${casos.titulo} || ' ' || coalesce(${casos.expediente}, '') || ' ' || coalesce(${casos.juzgado}, '') || ' ' || coalesce(${casos.partesTexto}, '') || ' ' || coalesce(${casos.descripcion}, ''))`,
    ),
    /** The names in it, normalized the same way: small typos are forgiven here (short texts keep that fast). */
    nombreBusqueda: text('nombre_busqueda').generatedAlwaysAs((): SQL => sql`bufete_norm(${casos.titulo} || ' ' || coalesce(${casos.partesTexto}, ''))`),
  },
  (table) => [
    // Newest-first listing, keyset paging, the recent-5 and the counts.
    // Plain DESC (nulls first) so it matches `order by created_at desc, id desc` exactly.
    index('casos_user_created_idx').on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index('casos_user_estado_idx').on(table.userId, table.estado),
    index('casos_cliente_idx').on(table.clienteId),
    index('casos_responsable_idx')
      .on(table.userId, table.responsableId)
      .where(sql`${table.responsableId} is not null`),
    // The search box matches the title and the case's identity (same expression as casoSearchText).
    index('casos_search_idx').using(
      'gin',
      sql`(lower(${table.titulo} || ' ' || coalesce(${table.expediente}, '') || ' ' || coalesce(${table.juzgado}, '') || ' ' || coalesce(${table.partesTexto}, ''))) gin_trgm_ops`,
    ),
    index('casos_busqueda_idx').using('gin', table.userId, sql`${table.busquedaTexto} gin_trgm_ops`),
    index('casos_nombre_busqueda_idx').using('gin', table.userId, sql`${table.nombreBusqueda} gin_trgm_ops`),
    // Ordered by the nearest due date (cases without one last), keyset-paged.
    index('casos_user_due_idx').on(table.userId, sql`coalesce(${table.fechaVencimiento}, '9999-12-31'::date)`, table.id),
    // The dashboard's 'Próximos vencimientos': open cases with a due date, nearest first. Partial, so a
    // practice whose closed cases pile up over the years still reads only the first few entries.
    index('casos_user_open_due_idx')
      .on(table.userId, table.fechaVencimiento, table.id)
      .where(sql`${table.fechaVencimiento} is not null and ${table.estado} <> 'Cerrado'`),
    check(
      'casos_materia_check',
      sql`${table.materia} is null or ${table.materia} in ('civil', 'penal', 'familiar', 'mercantil', 'laboral', 'amparo', 'administrativo', 'fiscal', 'otra')`,
    ),
    check('casos_estado_check', sql`${table.estado} in ('Activo', 'Pendiente', 'En Revisión', 'Cerrado')`),
    check('casos_prioridad_check', sql`${table.prioridad} in ('Alta', 'Media', 'Baja')`),
  ],
);

/**
 * The members assigned to a case besides its responsible lawyer (issue 46): a
 * pasante works only on the cases they are responsible for or assigned to, and
 * a confirmed acuerdo is told to each of them. `user_id` is the despacho, as
 * in every table; `persona_id` the member. Gone with the case or the person.
 */
export const casoAsignados = pgTable(
  'caso_asignados',
  {
    casoId: uuid('caso_id')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    personaId: text('persona_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.casoId, table.personaId] }), index('caso_asignados_persona_idx').on(table.userId, table.personaId)],
);

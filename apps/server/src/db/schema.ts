import { CASO_ESTADOS, CASO_PRIORIDADES, REMINDER_STATUSES, type RichTextNode } from '@bufete/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Account tables owned by better-auth. Property names are the field names
 * better-auth expects; columns are snake_case.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** One profile per user; id equals the user id (spec part 1, section 3). */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nombre: text('nombre').notNull(),
  apellido: text('apellido').notNull(),
  especialidad: text('especialidad'),
  telefono: text('telefono'),
  avatarUrl: text('avatar_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const authSchema = { user: users, session: sessions, account: accounts, verification: verifications };

/** A lawyer's client (spec part 1, section 3). */
export const clientes = pgTable(
  'clientes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    email: text('email'),
    telefono: text('telefono'),
    empresa: text('empresa'),
    direccion: text('direccion'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Listing order (by name, ignoring case) and keyset paging.
    index('clientes_user_nombre_idx').on(table.userId, sql`lower(${table.nombre})`, table.id),
    index('clientes_search_idx').using(
      'gin',
      sql`(lower(${table.nombre} || ' ' || coalesce(${table.email}, '') || ' ' || coalesce(${table.empresa}, ''))) gin_trgm_ops`,
    ),
  ],
);

/** A case (spec part 1, section 3). */
export const casos = pgTable(
  'casos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion'),
    estado: text('estado', { enum: CASO_ESTADOS }).notNull().default('Pendiente'),
    prioridad: text('prioridad', { enum: CASO_PRIORIDADES }).notNull().default('Media'),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    fechaVencimiento: date('fecha_vencimiento'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Newest-first listing, keyset paging, the recent-5 and the counts.
    // Plain DESC (nulls first) so it matches `order by created_at desc, id desc` exactly.
    index('casos_user_created_idx').on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index('casos_user_estado_idx').on(table.userId, table.estado),
    index('casos_cliente_idx').on(table.clienteId),
    index('casos_titulo_search_idx').using('gin', sql`lower(${table.titulo}) gin_trgm_ops`),
    check('casos_estado_check', sql`${table.estado} in ('Activo', 'Pendiente', 'En Revisión', 'Cerrado')`),
    check('casos_prioridad_check', sql`${table.prioridad} in ('Alta', 'Media', 'Baja')`),
  ],
);

/** Emails to clients, sent now or at a scheduled time by the reminder worker. */
export const emailReminders = pgTable(
  'email_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_reminders_user_created_idx').on(table.userId, sql`${table.createdAt} desc`),
    index('email_reminders_cliente_idx').on(table.clienteId),
    // The worker's claim query only looks at rows waiting to go out.
    index('email_reminders_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check('email_reminders_status_check', sql`${table.status} in ('pending', 'sending', 'sent', 'failed', 'cancelled')`),
  ],
);

/** An uploaded document (spec part 2, section 3). The file itself lives in storage under `storageKey`. */
export const documentos = pgTable(
  'documentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    contenido: text('contenido'),
    casoId: uuid('caso_id').references(() => casos.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Spanish full-text search over the name and the extracted text. */
    busqueda: tsvector('busqueda').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('spanish', coalesce(${documentos.nombre}, '') || ' ' || coalesce(${documentos.contenido}, ''))`,
    ),
  },
  (table) => [
    index('documentos_user_created_idx').on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index('documentos_caso_idx').on(table.casoId),
    index('documentos_cliente_idx').on(table.clienteId),
    index('documentos_busqueda_idx').using('gin', table.busqueda),
    index('documentos_nombre_search_idx').using('gin', sql`lower(${table.nombre}) gin_trgm_ops`),
  ],
);

/** An image attached to a case or to a note (exactly one of them). */
export const imagenes = pgTable(
  'imagenes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    casoId: uuid('caso_id').references(() => casos.id, { onDelete: 'cascade' }),
    notaId: uuid('nota_id').references((): AnyPgColumn => notas.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('imagenes_caso_idx').on(table.casoId, sql`${table.createdAt} desc`),
    index('imagenes_nota_idx').on(table.notaId, sql`${table.createdAt} desc`),
    index('imagenes_user_idx').on(table.userId),
    check('imagenes_owner_check', sql`(${table.casoId} is null) <> (${table.notaId} is null)`),
  ],
);

/** A note (spec part 2, section 3): rich text stored as a structured document, with a plain-text copy. */
export const notas = pgTable(
  'notas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    contenido: jsonb('contenido').$type<RichTextNode>().notNull(),
    contenidoTexto: text('contenido_texto').notNull().default(''),
    casoId: uuid('caso_id').references(() => casos.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    isFavorita: boolean('is_favorita').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    busqueda: tsvector('busqueda').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('spanish', coalesce(${notas.titulo}, '') || ' ' || coalesce(${notas.contenidoTexto}, ''))`,
    ),
  },
  (table) => [
    index('notas_user_updated_idx').on(table.userId, sql`${table.updatedAt} desc`, sql`${table.id} desc`),
    index('notas_caso_idx').on(table.casoId),
    index('notas_cliente_idx').on(table.clienteId),
    index('notas_busqueda_idx').using('gin', table.busqueda),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    color: text('color').notNull().default('#89b4fa'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One tag per name and user: creating it again returns the same tag.
  (table) => [uniqueIndex('tags_user_nombre_idx').on(table.userId, sql`lower(${table.nombre})`)],
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

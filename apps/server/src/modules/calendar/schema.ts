import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { tags } from '../tags/schema';

/**
 * An appointment (spec part 2, section 3: calendar_events). It lives in
 * Bufete's database whether or not Google is connected; with Google, it is
 * the same event as `google_event_id` in the lawyer's primary calendar.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion'),
    ubicacion: text('ubicacion'),
    fechaInicio: timestamp('fecha_inicio', { withTimezone: true }).notNull(),
    fechaFin: timestamp('fecha_fin', { withTimezone: true }).notNull(),
    recordatorioEmail: integer('recordatorio_email'),
    recordatorioPopup: integer('recordatorio_popup'),
    /** A hearing (audiencia): it joins 'Próximos vencimientos' and the bell's warnings. */
    audiencia: boolean('audiencia').notNull().default(false),
    // Deleting the case or the client keeps the appointment, unlinked.
    casoId: uuid('caso_id').references(() => casos.id, { onDelete: 'set null' }),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    /** 'bufete' (created here) or 'google' (came from the lawyer's Google Calendar). */
    origen: text('origen', { enum: ['bufete', 'google'] })
      .notNull()
      .default('bufete'),
    googleEventId: text('google_event_id'),
    googleHtmlLink: text('google_html_link'),
    /** Google's `updated` of the version we hold: a pull older than it changes nothing. */
    googleUpdated: timestamp('google_updated', { withTimezone: true }),
    /** True while Google lacks our latest change (pushed by the next sync). */
    isSyncedWithGoogle: boolean('is_synced_with_google').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Longer than 31 days: range reads find these through their own small index. */
    larga: boolean('larga')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`(${calendarEvents.fechaFin} - ${calendarEvents.fechaInicio}) > interval '31 days'`),
    /** The top bar's search: title, place and description, lower case without accents (modules/search; trigram index). */
    busquedaTexto: text('busqueda_texto').generatedAlwaysAs(
      (): SQL => sql`bufete_norm(${calendarEvents.titulo} || ' ' || coalesce(${calendarEvents.ubicacion}, '') || ' ' || coalesce(${calendarEvents.descripcion}, ''))`,
    ),
    /** The names in it, normalized the same way: small typos are forgiven here (short texts keep that fast). */
    nombreBusqueda: text('nombre_busqueda').generatedAlwaysAs((): SQL => sql`bufete_norm(${calendarEvents.titulo})`),
  },
  (table) => [
    // Range reads: starts within [desde - 31 days, hasta), plus the few long ones.
    index('calendar_events_user_start_idx').on(table.userId, table.fechaInicio),
    index('calendar_events_user_hearings_idx')
      .on(table.userId, table.fechaInicio)
      .where(sql`${table.audiencia}`),
    index('calendar_events_user_long_idx')
      .on(table.userId, table.fechaInicio)
      .where(sql`${table.larga}`),
    uniqueIndex('calendar_events_user_google_idx').on(table.userId, table.googleEventId),
    index('calendar_events_caso_idx').on(table.casoId),
    index('calendar_events_busqueda_idx').using('gin', table.userId, sql`${table.busquedaTexto} gin_trgm_ops`),
    index('calendar_events_nombre_busqueda_idx').using('gin', table.userId, sql`${table.nombreBusqueda} gin_trgm_ops`),
    index('calendar_events_cliente_idx').on(table.clienteId),
    check('calendar_events_range_check', sql`${table.fechaFin} > ${table.fechaInicio}`),
    check('calendar_events_origen_check', sql`${table.origen} in ('bufete', 'google')`),
  ],
);

/** The tags of an appointment (the notes' tags). */
export const eventTags = pgTable(
  'event_tags',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.tagId] }), index('event_tags_tag_idx').on(table.tagId)],
);

/** An email reminder already sent for an appointment at a given start: never twice. */
export const eventRemindersSent = pgTable(
  'event_reminders_sent',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    fechaInicio: timestamp('fecha_inicio', { withTimezone: true }).notNull(),
    minutos: integer('minutos').notNull(),
    /** When a process took it to send it, renewed while it sends: older than the queue's lease, it died and another takes it. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until the mail server accepted it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.fechaInicio, table.minutos] })],
);

/**
 * The lawyer's Google connection (spec: google_calendar_tokens), one per user.
 * Tokens are encrypted with APP_SECRET and never leave the server.
 */
export const googleCalendarTokens = pgTable('google_calendar_tokens', {
  userId: ownerColumn().primaryKey(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Google's incremental sync token (null: the next pull is a full one). */
  syncToken: text('sync_token'),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  /** A sync in progress since then (a lease, so two never run for one lawyer). */
  syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
  /** Who holds that lease: only they renew or release it. */
  syncHolder: text('sync_holder'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Appointments deleted in Bufete whose Google copy still has to be deleted. */
export const googleDeletions = pgTable(
  'google_deletions',
  {
    userId: ownerColumn(),
    googleEventId: text('google_event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.googleEventId] })],
);

/** An OAuth round trip in progress: its `state`, bound to the session that started it, used once. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: ownerColumn(),
    sessionHash: text('session_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('oauth_states_created_idx').on(table.createdAt)],
);

/**
 * The lawyer's calendar settings: the private feed address (its token
 * encrypted, found by its hash) and the last thing Google told us.
 */
export const calendarSettings = pgTable(
  'calendar_settings',
  {
    userId: ownerColumn().primaryKey(),
    feedTokenHash: text('feed_token_hash'),
    feedToken: text('feed_token'),
    googleNotice: text('google_notice'),
  },
  (table) => [uniqueIndex('calendar_settings_feed_idx').on(table.feedTokenHash)],
);

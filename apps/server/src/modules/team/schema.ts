import { ROLES_INVITABLES } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from '../../auth/schema';

/*
 * The despacho (issue 46, docs/decisions/0038). A despacho is its titular's
 * account: every record of the practice keeps its `user_id` (the despacho's
 * id), so the scoping that isolates practices stays the one it always was.
 * The titular is not a row here; these are the people they let in.
 */
export const despachoMiembros = pgTable(
  'despacho_miembros',
  {
    despachoId: text('despacho_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rol: text('rol', { enum: ROLES_INVITABLES }).notNull(),
    /** The titular opened invoicing and CFDI to this member. */
    facturacion: boolean('facturacion').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.despachoId, table.userId] }), index('despacho_miembros_user_idx').on(table.userId)],
);

/** An emailed invitation: single-use, for 7 days; only its token's hash is kept. */
export const despachoInvitaciones = pgTable(
  'despacho_invitaciones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    despachoId: text('despacho_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    rol: text('rol', { enum: ROLES_INVITABLES }).notNull(),
    facturacion: boolean('facturacion').notNull().default(false),
    tokenHash: text('token_hash').notNull().unique(),
    expiraAt: timestamp('expira_at', { withTimezone: true }).notNull(),
    aceptadaAt: timestamp('aceptada_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('despacho_invitaciones_despacho_idx').on(table.despachoId, table.createdAt),
    // One open invitation per address and despacho.
    uniqueIndex('despacho_invitaciones_abierta_idx')
      .on(table.despachoId, table.email)
      .where(sql`aceptada_at is null`),
  ],
);

/** The despacho a session works in, when it is not the person's own. Gone with the session. */
export const sesionDespacho = pgTable('sesion_despacho', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  despachoId: text('despacho_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

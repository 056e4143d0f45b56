import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid, check } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';

/**
 * A client's access to the portal (issue 38), given by their lawyer
 * ('Invitar al portal'): the address links go to, and whether it is active.
 * Suspended, its sessions are ended in the same transaction.
 */
export const portalAccesos = pgTable(
  'portal_accesos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The lawyer whose client it is. */
    userId: ownerColumn(),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    /** Lower case: a link is asked for by it. */
    email: text('email').notNull(),
    estado: text('estado', { enum: ['activo', 'suspendido'] }).notNull(),
    invitadoAt: timestamp('invitado_at', { withTimezone: true }).notNull().defaultNow(),
    ultimaVisitaAt: timestamp('ultima_visita_at', { withTimezone: true }),
    /** The client's optional password (scrypt, passwords.ts): another way in besides the link. */
    contrasenaHash: text('contrasena_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('portal_accesos_cliente_idx').on(table.clienteId),
    index('portal_accesos_email_idx').on(table.email),
    check('portal_accesos_estado_check', sql`${table.estado} in ('activo', 'suspendido')`),
  ],
);

/**
 * A case whose next hearing the lawyer shows its client ('Mostrar al cliente
 * la próxima audiencia'): the portal reads the case's next calendar event
 * marked as a hearing, nothing else of the calendar.
 */
export const portalAudiencias = pgTable('portal_audiencias', {
  casoId: uuid('caso_id')
    .primaryKey()
    .references(() => casos.id, { onDelete: 'cascade' }),
  userId: ownerColumn(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A message of a case between the client (from the portal) and the lawyer: its text is never in an email. */
export const portalMensajes = pgTable(
  'portal_mensajes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    casoId: uuid('caso_id')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    autor: text('autor', { enum: ['cliente', 'abogado'] }).notNull(),
    texto: text('texto').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('portal_mensajes_caso_idx').on(table.userId, table.casoId, table.createdAt),
    check('portal_mensajes_autor_check', sql`${table.autor} in ('cliente', 'abogado')`),
  ],
);

/** A one-use sign-in link: only its token's SHA-256 is kept; 15 minutes, used once. */
export const portalEnlaces = pgTable(
  'portal_enlaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accesoId: uuid('acceso_id')
      .notNull()
      .references(() => portalAccesos.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('portal_enlaces_token_idx').on(table.tokenHash), index('portal_enlaces_acceso_idx').on(table.accesoId)],
);

/** A client's portal session: its cookie's SHA-256; ended by signing out, by suspension, or at `expiresAt`. */
export const portalSesiones = pgTable(
  'portal_sesiones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accesoId: uuid('acceso_id')
      .notNull()
      .references(() => portalAccesos.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('portal_sesiones_token_idx').on(table.tokenHash), index('portal_sesiones_acceso_idx').on(table.accesoId)],
);

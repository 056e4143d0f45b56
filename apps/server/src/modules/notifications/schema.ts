import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { ownerColumn } from '../../db/columns';

/**
 * What the bell shows: one row per event worth telling, written by the
 * queue's jobs of the modules that saw it. `clave` names the event, so the
 * same one (an invoice overdue, a reminder sent) is told once.
 */
export const notificaciones = pgTable(
  'notificaciones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    tipo: text('tipo').notNull(),
    titulo: text('titulo').notNull(),
    detalle: text('detalle'),
    enlace: text('enlace').notNull(),
    /**
     * The member of the despacho it is for (issue 46): a confirmed acuerdo is
     * told to the people on its case. Null: the despacho's, as every notice
     * was before teams (the titular and the members who see all cases).
     */
    destinatarioId: text('destinatario_id').references(() => users.id, { onDelete: 'cascade' }),
    clave: text('clave').notNull(),
    leida: boolean('leida').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notificaciones_user_clave_idx').on(table.userId, table.clave),
    index('notificaciones_user_created_idx').on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index('notificaciones_unread_idx')
      .on(table.userId)
      .where(sql`not ${table.leida}`),
    check(
      'notificaciones_tipo_check',
      sql`${table.tipo} in ('cita_proxima', 'correo_enviado', 'correo_fallido', 'factura_vencida', 'cuota_ia', 'google_desconectado', 'vencimiento', 'cfdi_cancelacion', 'cfdi_complemento', 'boletin', 'portal', 'tarea_asignada')`,
    ),
  ],
);

/** The daily summary emails sent: one per lawyer and day (their day), claimed by inserting the row. */
export const dailySummaries = pgTable(
  'notificaciones_resumenes',
  {
    userId: ownerColumn(),
    dia: date('dia').notNull(),
    /** When a process took it to send it, renewed while it sends: older than the queue's lease, it died and another takes it. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until the mail server accepted it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.dia] })],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { clientes } from '../clients/schema';
import { facturas } from '../invoices/schema';

/**
 * A lawyer's own account with the payment provider (Configuración →
 * Integraciones → 'Pagos en línea'), off until they switch it on. Its id is
 * the one in the webhook's address the lawyer registers with the provider;
 * the secret key and the webhook's signing secret are sealed with the app's
 * secret (purpose 'online-payments') and never sent back.
 */
export const pagosCuentas = pgTable('pagos_cuentas', {
  id: uuid('id').primaryKey(),
  userId: ownerColumn().unique(),
  proveedor: text('proveedor', { enum: ['stripe'] }).notNull(),
  activo: boolean('activo').notNull().default(false),
  claveSellada: text('clave_sellada').notNull(),
  /** The key's last four characters and its mode, to recognise it on screen. */
  claveFin: text('clave_fin').notNull(),
  modo: text('modo', { enum: ['pruebas', 'produccion'] }).notNull(),
  secretoWebhookSellado: text('secreto_webhook_sellado'),
  /** When the provider last reached the webhook with a valid signature: the screen says the address works. */
  ultimoEventoAt: timestamp('ultimo_evento_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One online payment of an invoice from the portal: the provider's checkout
 * it opened, for the invoice's balance at that moment. Its state only moves
 * forward (abierto → en_espera → pagado | fallido; abierto → expirado), and
 * the invoice's payment is written in the transaction that moves it to
 * pagado, so a replayed or duplicated event, or the browser's return racing
 * the webhook, records it once.
 */
export const pagosEnLinea = pgTable(
  'pagos_en_linea',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    facturaId: uuid('factura_id')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    proveedor: text('proveedor', { enum: ['stripe'] }).notNull(),
    /** The provider's checkout (Stripe: cs_…), once it answered. */
    sesionExterna: text('sesion_externa'),
    url: text('url'),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    estado: text('estado', { enum: ['abierto', 'en_espera', 'pagado', 'fallido', 'expirado'] }).notNull(),
    /** 'card' or 'oxxo', once the client chose. */
    metodo: text('metodo'),
    /** An OXXO voucher: its page and the day it stops being payable. */
    fichaUrl: text('ficha_url'),
    fichaVence: timestamp('ficha_vence', { withTimezone: true }),
    /** The invoice's payment it became; null when it could not be applied (the invoice was paid or cancelled meanwhile). */
    pagoId: uuid('pago_id'),
    aplicado: boolean('aplicado'),
    /** The provider's payment behind a paid checkout (Stripe: pi_…): refunds and disputes name it, not the checkout. */
    intentoExterno: text('intento_externo'),
    /** What the provider gave back to the client of this payment, in pesos (it only grows). */
    reembolsado: numeric('reembolsado', { precision: 14, scale: 2 }).notNull().default('0'),
    /** A dispute (chargeback) the client's bank opened on it, and how it ended. */
    disputa: text('disputa', { enum: ['abierta', 'ganada', 'perdida'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pagos_en_linea_sesion_idx').on(table.proveedor, table.sesionExterna),
    index('pagos_en_linea_factura_idx').on(table.userId, table.facturaId, table.createdAt),
    index('pagos_en_linea_intento_idx').on(table.userId, table.intentoExterno),
    check('pagos_en_linea_estado_check', sql`${table.estado} in ('abierto', 'en_espera', 'pagado', 'fallido', 'expirado')`),
  ],
);

import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { clientes } from '../clients/schema';

/**
 * An invoice (spec part 2: facturas). Money is numeric(14,2) (never a float);
 * `secuencia` is the lawyer's own counter behind 'FACT-0001'. With taxes,
 * the breakdown is stored next to the total.
 */
export const facturas = pgTable(
  'facturas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    secuencia: integer('secuencia').notNull(),
    numeroFactura: text('numero_factura').notNull(),
    fechaEmision: date('fecha_emision').notNull(),
    fechaVencimiento: date('fecha_vencimiento'),
    concepto: text('concepto').notNull(),
    tarifaPorHora: numeric('tarifa_por_hora', { precision: 12, scale: 2 }),
    horasTrabajadas: numeric('horas_trabajadas', { precision: 8, scale: 2 }),
    montoTotal: numeric('monto_total', { precision: 14, scale: 2 }).notNull(),
    montoPagado: numeric('monto_pagado', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The sum of its credit notes once stamped (a discount, a refund, a bonificación): off what the client owes. */
    montoAcreditado: numeric('monto_acreditado', { precision: 14, scale: 2 }).notNull().default('0'),
    estado: text('estado', { enum: ['pendiente', 'pagada_parcialmente', 'pagada', 'cancelada'] })
      .notNull()
      .default('pendiente'),
    notas: text('notas'),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }),
    iva: numeric('iva', { precision: 14, scale: 2 }),
    isrRetenido: numeric('isr_retenido', { precision: 14, scale: 2 }),
    ivaRetenido: numeric('iva_retenido', { precision: 14, scale: 2 }),
    retencion: text('retencion', { enum: ['ninguna', '612', '626'] }),
    /**
     * The invoice this one replaces (a CFDI's sustitución: its CFDI relates the
     * other's with TipoRelacion 04). No foreign key: invoices are never deleted,
     * and an import writes a pair in any order.
     */
    sustituyeA: uuid('sustituye_a'),
    /**
     * An advance (anticipo, Anexo 20 Guía de llenado, Apéndice 6): money
     * received before the service or its price is set. Its CFDI is the
     * advance's ('Anticipo del bien o servicio', PUE).
     */
    anticipo: boolean('anticipo').notNull().default(false),
    /**
     * The advance this final invoice applies: its CFDI relates the advance's
     * with TipoRelacion 07, and the application is a CFDI de egreso (forma 30)
     * kept as one of its credit notes (motivo 'anticipo'). No foreign key, as
     * sustituye_a; an advance is applied once (unique index).
     */
    anticipoAplicadoId: uuid('anticipo_aplicado_id'),
    /** The factura global (público en general) this receipt is a concepto of: set in the global's transaction, so it is in one only. */
    facturaGlobalId: uuid('factura_global_id'),
    /** 'Cancelar factura': when and why. The number stays taken. */
    canceladaAt: timestamp('cancelada_at', { withTimezone: true }),
    motivoCancelacion: text('motivo_cancelacion'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The top bar's search: number and concept, lower case without accents (modules/search; trigram index). */
    busquedaTexto: text('busqueda_texto').generatedAlwaysAs((): SQL => sql`bufete_norm(${facturas.numeroFactura} || ' ' || ${facturas.concepto})`),
  },
  (table) => [
    uniqueIndex('facturas_user_secuencia_idx').on(table.userId, table.secuencia),
    // The list: newest issue date first, keyset-paged; the filters narrow it.
    index('facturas_user_fecha_idx').on(table.userId, sql`${table.fechaEmision} desc`, sql`${table.id} desc`),
    index('facturas_cliente_idx').on(table.clienteId),
    index('facturas_sustituye_idx')
      .on(table.sustituyeA)
      .where(sql`${table.sustituyeA} is not null`),
    uniqueIndex('facturas_anticipo_aplicado_idx')
      .on(table.anticipoAplicadoId)
      .where(sql`${table.anticipoAplicadoId} is not null and ${table.estado} <> 'cancelada'`),
    index('facturas_global_idx')
      .on(table.facturaGlobalId)
      .where(sql`${table.facturaGlobalId} is not null`),
    index('facturas_busqueda_idx').using('gin', table.userId, sql`${table.busquedaTexto} gin_trgm_ops`),
    index('facturas_search_idx').using('gin', sql`(lower(${table.numeroFactura} || ' ' || ${table.concepto})) gin_trgm_ops`),
    check('facturas_estado_check', sql`${table.estado} in ('pendiente', 'pagada_parcialmente', 'pagada', 'cancelada')`),
    check('facturas_cancelada_check', sql`(${table.estado} = 'cancelada') = (${table.canceladaAt} is not null)`),
    check(
      'facturas_montos_check',
      sql`${table.montoTotal} > 0 and ${table.montoPagado} >= 0 and ${table.montoAcreditado} >= 0 and ${table.montoPagado} + ${table.montoAcreditado} <= ${table.montoTotal}`,
    ),
  ],
);

/**
 * A payment of an invoice: when, how much and how (c_FormaPago). The
 * invoice's monto_pagado is their sum, kept in the same transaction.
 */
export const pagos = pgTable(
  'pagos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    facturaId: uuid('factura_id')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    fecha: date('fecha').notNull(),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    formaPago: text('forma_pago').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pagos_factura_idx').on(table.facturaId, table.fecha, table.createdAt), check('pagos_monto_check', sql`${table.monto} > 0`)],
);

/**
 * A credit note of an invoice (its CFDI de egreso, related 01, in
 * facturas_cfdi): why, how it is given, the amount before taxes and with the
 * invoice's taxes. `pendiente` while its CFDI is being stamped; `aplicada`
 * once stamped, in the same transaction that adds it to the invoice's
 * monto_acreditado (a refund also takes the money back from its payments);
 * `cancelada` when its CFDI is cancelled, which gives it back.
 */
export const notasCredito = pgTable(
  'notas_credito',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    facturaId: uuid('factura_id')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    motivo: text('motivo', { enum: ['descuento', 'devolucion', 'bonificacion', 'anticipo'] }).notNull(),
    descripcion: text('descripcion'),
    formaPago: text('forma_pago').notNull(),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    estado: text('estado', { enum: ['pendiente', 'aplicada', 'cancelada'] })
      .notNull()
      .default('pendiente'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notas_credito_numero_idx').on(table.facturaId, table.numero),
    check('notas_credito_check', sql`${table.subtotal} > 0 and ${table.total} > 0 and ${table.estado} in ('pendiente', 'aplicada', 'cancelada')`),
  ],
);

/** Each lawyer's last invoice number: taken and raised in one statement (generate_invoice_number). */
export const invoiceCounters = pgTable('facturas_folios', {
  userId: ownerColumn().primaryKey(),
  ultimo: integer('ultimo').notNull().default(0),
});

import { type SQL, sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    estado: text('estado', { enum: ['pendiente', 'pagada_parcialmente', 'pagada', 'cancelada'] })
      .notNull()
      .default('pendiente'),
    notas: text('notas'),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }),
    iva: numeric('iva', { precision: 14, scale: 2 }),
    isrRetenido: numeric('isr_retenido', { precision: 14, scale: 2 }),
    ivaRetenido: numeric('iva_retenido', { precision: 14, scale: 2 }),
    retencion: text('retencion', { enum: ['ninguna', '612', '626'] }),
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
    index('facturas_busqueda_idx').using('gin', table.userId, sql`${table.busquedaTexto} gin_trgm_ops`),
    index('facturas_search_idx').using('gin', sql`(lower(${table.numeroFactura} || ' ' || ${table.concepto})) gin_trgm_ops`),
    check('facturas_estado_check', sql`${table.estado} in ('pendiente', 'pagada_parcialmente', 'pagada', 'cancelada')`),
    check('facturas_cancelada_check', sql`(${table.estado} = 'cancelada') = (${table.canceladaAt} is not null)`),
    check('facturas_montos_check', sql`${table.montoTotal} > 0 and ${table.montoPagado} >= 0 and ${table.montoPagado} <= ${table.montoTotal}`),
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

/** Each lawyer's last invoice number: taken and raised in one statement (generate_invoice_number). */
export const invoiceCounters = pgTable('facturas_folios', {
  userId: ownerColumn().primaryKey(),
  ultimo: integer('ultimo').notNull().default(0),
});

/**
 * The CFDI of an invoice (issue 27): its CFDI de Ingreso (tipo 'I') and the
 * Complementos de Pago of its payments (tipo 'P', with the payment). A row
 * is written, sealed, before the PAC is called: `pendiente` until the PAC's
 * answer arrives, and its id is the customid the PAC knows it by, so a call
 * whose answer was lost is sent again with the same XML and id and the PAC
 * returns the stamp it already made (never a second CFDI). Then `vigente`
 * with the stamped XML, `cancelacion_en_proceso` while the receptor may still
 * reject the cancellation, `cancelado`. A PAC's refusal deletes the row:
 * nothing was stamped.
 */
export const facturasCfdi = pgTable(
  'facturas_cfdi',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    facturaId: uuid('factura_id')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    pagoId: uuid('pago_id').references(() => pagos.id, { onDelete: 'restrict' }),
    tipo: text('tipo', { enum: ['I', 'P'] }).notNull(),
    estado: text('estado', { enum: ['pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado'] }).notNull(),
    /** Sealed while pendiente; the PAC's stamped XML (with its TimbreFiscalDigital) after. */
    xml: text('xml').notNull(),
    /**
     * The PAC it was sent to ('despacho', or the lawyer's own account): a
     * pendiente CFDI is only sent again to the same one (another PAC does not
     * know it, and could stamp it a second time).
     */
    pac: text('pac'),
    uuid: text('uuid'),
    fechaTimbrado: timestamp('fecha_timbrado', { withTimezone: true }),
    /** c_Motivo of the cancellation asked for ('01'–'04'), the substituting UUID with '01'. */
    motivoCancelacion: text('motivo_cancelacion'),
    folioSustitucion: text('folio_sustitucion'),
    cancelacionSolicitadaAt: timestamp('cancelacion_solicitada_at', { withTimezone: true }),
    acuseCancelacion: text('acuse_cancelacion'),
    /** What the SAT's status service said last, and when. */
    estatusSat: text('estatus_sat'),
    consultadoAt: timestamp('consultado_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One live CFDI de Ingreso per invoice, one live complement per payment.
    uniqueIndex('facturas_cfdi_ingreso_idx')
      .on(table.facturaId)
      .where(sql`${table.tipo} = 'I' and ${table.estado} <> 'cancelado'`),
    uniqueIndex('facturas_cfdi_pago_idx')
      .on(table.pagoId)
      .where(sql`${table.tipo} = 'P' and ${table.estado} <> 'cancelado'`),
    // A folio fiscal is recorded once per account (an account restored from its export holds the same ones).
    uniqueIndex('facturas_cfdi_uuid_idx').on(table.userId, table.uuid),
    index('facturas_cfdi_factura_idx').on(table.facturaId, table.createdAt),
    check('facturas_cfdi_tipo_check', sql`${table.tipo} in ('I', 'P') and (${table.tipo} = 'P') = (${table.pagoId} is not null)`),
    check(
      'facturas_cfdi_estado_check',
      sql`${table.estado} in ('pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado') and (${table.estado} = 'pendiente') = (${table.uuid} is null)`,
    ),
  ],
);

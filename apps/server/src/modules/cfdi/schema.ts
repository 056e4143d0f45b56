import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { facturas, notasCredito, pagos } from '../invoices/schema';

/**
 * Each lawyer's Certificado de Sello Digital (one, replaced whole). The
 * private key and its password are kept sealed with the app's secret
 * (security/secret-box.ts, purpose 'cfdi-csd'); nothing of them is ever
 * sent back. The rest is what the certificate says of itself.
 */
export const cfdiCsd = pgTable('cfdi_csd', {
  userId: ownerColumn().primaryKey(),
  rfc: text('rfc').notNull(),
  nombre: text('nombre').notNull(),
  noCertificado: text('no_certificado').notNull(),
  vigenteDesde: timestamp('vigente_desde', { withTimezone: true }).notNull(),
  vigenteHasta: timestamp('vigente_hasta', { withTimezone: true }).notNull(),
  /** The .cer, DER in base64 (public: it goes inside every CFDI). */
  certificado: text('certificado').notNull(),
  /** The .key and its password, sealed together. */
  llaveSellada: text('llave_sellada').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A lawyer's own PAC account (Configuración → Perfil), used instead of the
 * operator's. The environment is one of the PAC's published ones (never an
 * address the lawyer types); the password or token is sealed with the app's
 * secret (purpose 'cfdi-pac') and never sent back.
 */
export const cfdiPac = pgTable('cfdi_pac', {
  userId: ownerColumn().primaryKey(),
  proveedor: text('proveedor', { enum: ['sw'] }).notNull(),
  ambiente: text('ambiente', { enum: ['pruebas', 'produccion'] }).notNull(),
  usuario: text('usuario'),
  /** {password} or {token}, sealed. */
  credencialesSelladas: text('credenciales_selladas').notNull(),
  probadoAt: timestamp('probado_at', { withTimezone: true }),
  pruebaOk: boolean('prueba_ok'),
  pruebaMensaje: text('prueba_mensaje'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    /** A credit note's CFDI de egreso (tipo 'E'). */
    notaCreditoId: uuid('nota_credito_id').references(() => notasCredito.id, { onDelete: 'restrict' }),
    tipo: text('tipo', { enum: ['I', 'P', 'E'] }).notNull(),
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
    uniqueIndex('facturas_cfdi_nota_idx')
      .on(table.notaCreditoId)
      .where(sql`${table.tipo} = 'E' and ${table.estado} <> 'cancelado'`),
    // A folio fiscal is recorded once per account (an account restored from its export holds the same ones).
    uniqueIndex('facturas_cfdi_uuid_idx').on(table.userId, table.uuid),
    index('facturas_cfdi_factura_idx').on(table.facturaId, table.createdAt),
    check(
      'facturas_cfdi_tipo_check',
      sql`${table.tipo} in ('I', 'P', 'E') and (${table.tipo} = 'P') = (${table.pagoId} is not null) and (${table.tipo} = 'E') = (${table.notaCreditoId} is not null)`,
    ),
    check(
      'facturas_cfdi_estado_check',
      sql`${table.estado} in ('pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado') and (${table.estado} = 'pendiente') = (${table.uuid} is null)`,
    ),
  ],
);

/**
 * A factura global (Guía de llenado del CFDI global): one CFDI to público en
 * general (XAXX010101000, S01, 616) for a period, each receipt without a CFDI
 * of a client who asked for none a concepto of it (the receipts name it in
 * facturas.factura_global_id, set in the same transaction as this row).
 * Stamped as any CFDI: written sealed and `pendiente` before the PAC is
 * called, its id the customid; a refusal deletes it and frees its receipts,
 * and so does its cancellation once the SAT has it cancelled.
 */
export const cfdiGlobales = pgTable(
  'cfdi_globales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    /** 'GLO-0001': the lawyer's own count of global invoices (serie GLO on the CFDI). */
    numero: integer('numero').notNull(),
    /** c_Periodicidad 01–05, c_Meses 01–18, the year; and the days it covers. */
    periodicidad: text('periodicidad').notNull(),
    meses: text('meses').notNull(),
    anio: integer('anio').notNull(),
    desde: date('desde').notNull(),
    hasta: date('hasta').notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    estado: text('estado', { enum: ['pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado'] }).notNull(),
    xml: text('xml').notNull(),
    pac: text('pac'),
    uuid: text('uuid'),
    fechaTimbrado: timestamp('fecha_timbrado', { withTimezone: true }),
    /** Its cancellation, once asked for (MOTIVOS_CANCELACION_GLOBAL), the SAT's acuse and the last status it gave. */
    motivoCancelacion: text('motivo_cancelacion'),
    cancelacionSolicitadaAt: timestamp('cancelacion_solicitada_at', { withTimezone: true }),
    acuseCancelacion: text('acuse_cancelacion'),
    estatusSat: text('estatus_sat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cfdi_globales_numero_idx').on(table.userId, table.numero),
    uniqueIndex('cfdi_globales_uuid_idx').on(table.userId, table.uuid),
    index('cfdi_globales_user_idx').on(table.userId, sql`${table.desde} desc`),
    check(
      'cfdi_globales_estado_check',
      sql`${table.estado} in ('pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado') and (${table.estado} = 'pendiente') = (${table.uuid} is null)`,
    ),
  ],
);

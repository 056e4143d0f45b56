import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';

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

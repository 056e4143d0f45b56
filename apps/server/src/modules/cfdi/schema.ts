import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

import { boolean, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';

/** One profile per user; id equals the user id (spec part 1, section 3). */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nombre: text('nombre').notNull(),
  apellido: text('apellido').notNull(),
  especialidad: text('especialidad'),
  telefono: text('telefono'),
  /** The cédula profesional (7 or 8 digits), for an escrito's signature block (issue 36). */
  cedulaProfesional: text('cedula_profesional'),
  /** How escritos and the portal name the lawyer ('abogada', 'abogado'); null: not said, the generic masculine. */
  tratamiento: text('tratamiento', { enum: ['abogada', 'abogado'] }),
  avatarUrl: text('avatar_url'),
  /** Preferencias → Zona horaria: today, due dates and appointments are counted in it. */
  zonaHoraria: text('zona_horaria').notNull().default('America/Mexico_City'),
  /** Fiscal data and the default hourly rate (issue 14). */
  rfc: text('rfc'),
  regimenFiscal: text('regimen_fiscal'),
  domicilioFiscal: text('domicilio_fiscal'),
  tarifaHora: numeric('tarifa_hora', { precision: 12, scale: 2 }),
  /** CFDI (issue 27): the código postal where invoices are issued (LugarExpedicion) and their serie. */
  codigoPostalExpedicion: text('codigo_postal_expedicion'),
  serieCfdi: text('serie_cfdi'),
  /** Preferencias → 'Notificaciones por email' (issue 15). */
  resumenDiario: boolean('resumen_diario').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

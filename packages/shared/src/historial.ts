import { HISTORIAL_ENTIDADES } from './values/historial';
import { instant } from './common';
import { MSG } from './messages';
import { z } from './zod';

/**
 * The history of a record (the audit trail, one append-only table on the
 * server): who did what and when, the fields that changed with their old and
 * new values when they are short (never the contents of notes or documents),
 * and from which address.
 */
export const cambioSchema = z.strictObject({
  campo: z.string(),
  /** Null when the field was empty, or too long to keep (then only its name is recorded). */
  antes: z.string().nullable(),
  despues: z.string().nullable(),
  /** The values were someone's personal data, erased at their request (the change itself stays: what and when). */
  eliminado: z.literal(true).optional(),
});
export type Cambio = z.infer<typeof cambioSchema>;

export const historialEntrySchema = z.strictObject({
  id: z.string(),
  fecha: instant,
  /** 'crear', 'editar', 'eliminar', 'cancelar', 'pago', 'enviar'… */
  accion: z.string(),
  /** 'factura', 'caso', 'cliente'… */
  entidad: z.string(),
  entidad_id: z.string().nullable(),
  /** A sentence a lawyer reads: 'Factura FACT-0007 cancelada: se facturaron horas dos veces'. */
  resumen: z.string(),
  cambios: z.array(cambioSchema),
  ip: z.string().nullable(),
  /** The member of the despacho who made it; null when its titular did (or the system, on their behalf). */
  autor: z.string().nullable(),
});
export type HistorialEntry = z.infer<typeof historialEntrySchema>;

/** A page of the history: newest first; the cursor is the last entry's id. */
export const historialQuerySchema = z.object({
  entidad: z
    .union([z.enum(HISTORIAL_ENTIDADES), z.literal('')], { error: MSG.validation.badRequest })
    .optional()
    .transform((value) => value || undefined),
  cursor: z
    .string({ error: MSG.validation.badRequest })
    .regex(/^[1-9]\d{0,15}$/, { error: MSG.validation.badRequest })
    .optional()
    .transform((value) => (value ? Number(value) : undefined)),
  limit: z.coerce.number({ error: MSG.validation.badRequest }).int().min(1).max(100).default(30),
});
export const historialPageSchema = z.strictObject({ items: z.array(historialEntrySchema), next_cursor: z.string().nullable() });

import { ACTUACION_TIPOS } from './values/actuaciones';
import { LIMITS } from './constants';
import { day } from './common';
import { isoDate, optionalText, recordId } from './fields';
import { MSG } from './messages';
import { z } from './zod';

const b = MSG.boletines;

/** 'Revisar boletín' with pasted text. */
export const boletinTextoSchema = z.object({
  texto: z.string({ error: b.textoObligatorio }).trim().min(1, { error: b.textoObligatorio }).max(LIMITS.bulletinTextMax, { error: b.textoLargo }),
});

/** One entry of the bulletin that names one of the lawyer's open cases. */
export const coincidenciaSchema = z.strictObject({
  caso: z.strictObject({ id: z.string(), titulo: z.string(), expediente: z.string(), juzgado: z.string().nullable() }),
  /** 'confirmada': number and court are the case's; 'posible': the number only (numbers repeat across courts). */
  certeza: z.enum(['confirmada', 'posible']),
  /** Whether the entry prints the case's parties. */
  partes: z.boolean(),
  /** The entry as published. */
  texto: z.string(),
  /** The court heading it was under, as printed. */
  juzgado: z.string().nullable(),
  fecha_acuerdos: day.nullable(),
});
export type Coincidencia = z.infer<typeof coincidenciaSchema>;

export const revisionSchema = z.strictObject({
  /** The bulletin's own date, when it prints one. */
  fecha: day.nullable(),
  /** Entries read under a court. */
  entradas: z.number(),
  coincidencias: z.array(coincidenciaSchema),
  /** Matches past the most one review shows (500, confirmed ones first): the screen says so. */
  omitidas: z.number(),
});
export type Revision = z.infer<typeof revisionSchema>;

/** The matches the lawyer confirmed: each becomes an actuación of its case, from the bulletin. */
export const boletinConfirmacionSchema = z.object({
  fecha_publicacion: isoDate,
  fuente: optionalText(300),
  actuaciones: z
    .array(
      z.object({
        caso_id: recordId,
        texto: z.string({ error: MSG.actuaciones.textoObligatorio }).trim().min(1, { error: MSG.actuaciones.textoObligatorio }).max(20_000, { error: MSG.validation.tooLong }),
        tipo: z.enum(ACTUACION_TIPOS, { error: MSG.actuaciones.tipoInvalido }).optional().default('acuerdo'),
      }),
      { error: MSG.validation.badRequest },
    )
    .min(1, { error: MSG.validation.badRequest })
    .max(200, { error: b.demasiadas }),
});
export type BoletinConfirmacionInput = z.input<typeof boletinConfirmacionSchema>;

import { ACTUACION_TIPOS } from './values/actuaciones';
import { BOLETIN_DESCARGA_ESTADOS, BOLETIN_FUENTES } from './values/boletines';
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

/** A source a lawyer may follow, whether they do, and how its last fetch went. */
export const boletinFuenteSchema = z.strictObject({
  clave: z.enum(BOLETIN_FUENTES),
  nombre: z.string(),
  sitio: z.string(),
  seguida: z.boolean(),
  ultima: z.strictObject({ dia: day, estado: z.enum(BOLETIN_DESCARGA_ESTADOS), coincidencias: z.number().nullable() }).nullable(),
});
export type BoletinFuenteEstado = z.infer<typeof boletinFuenteSchema>;

export const boletinSeguirSchema = z.object({
  seguidas: z
    .array(z.enum(BOLETIN_FUENTES, { error: MSG.validation.badRequest }), { error: MSG.validation.badRequest })
    .max(BOLETIN_FUENTES.length, { error: MSG.validation.badRequest }),
});

/** A watched bulletin already read for the lawyer: its matches, to confirm as in 'Revisar boletín'. */
export const boletinRecibidoQuerySchema = z.object({ fuente: z.enum(BOLETIN_FUENTES, { error: MSG.validation.badRequest }), dia: isoDate });
export const boletinRecibidoSchema = revisionSchema.extend({ fuente: z.enum(BOLETIN_FUENTES), dia: day });
export type BoletinRecibido = z.infer<typeof boletinRecibidoSchema>;

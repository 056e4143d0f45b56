import { ACTUACION_TIPOS } from './values/actuaciones';
import { BOLETIN_DESCARGA_ESTADOS, BOLETIN_FORMATOS, BOLETIN_FUENTES, COINCIDENCIA_MOTIVOS } from './values/boletines';
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
  /** 'confirmada': the entry is of the case's number under the case's court; 'posible': the number is the case's, something else is not (numbers repeat across courts). */
  certeza: z.enum(['confirmada', 'posible']),
  /** Why it is only posible (null when confirmed): the screen says it in words (COINCIDENCIA_MOTIVOS). */
  motivo: z.enum(COINCIDENCIA_MOTIVOS).nullable(),
  /** An acuerdo of a court's list, or an edicto that names the number. */
  tipo: z.enum(['acuerdo', 'edicto']),
  /** Whether the entry prints the case's parties. */
  partes: z.boolean(),
  /** The entry as published. */
  texto: z.string(),
  /** The court heading it was under, as printed. */
  juzgado: z.string().nullable(),
  /** The section it was printed in ('JUZGADOS DE LO CIVIL DE PROCESO ORAL'). */
  seccion: z.string().nullable(),
  fecha_acuerdos: day.nullable(),
  /** The page it was printed on, when the bulletin has pages. */
  pagina: z.number().nullable(),
  /** Already an actuación of its case (the same text, published that day): a bulletin reviewed again says so and does not tick it. */
  registrada: z.boolean(),
});
export type Coincidencia = z.infer<typeof coincidenciaSchema>;

/**
 * What was read of a bulletin, and whether it holds together (issue 44): a
 * reading that does not is said so on the review, and a watched day is 'no
 * se pudo leer', never 'leído · 0'.
 */
export const informeLecturaSchema = z.strictObject({
  formato: z.enum(BOLETIN_FORMATOS),
  paginas: z.number().nullable(),
  /** Acuerdos read, edictos read. */
  entradas: z.number(),
  edictos: z.number(),
  /** Court headings recognised, and each one's entries (the first 400, in the bulletin's order). */
  juzgados: z.number(),
  por_juzgado: z.array(z.strictObject({ juzgado: z.string(), entradas: z.number() })),
  /** Acuerdos read outside any court heading. */
  sin_juzgado: z.number(),
  /** Running headers, footers and page numbers left out. */
  encabezados: z.number(),
  /** In Spanish: why the reading is not to be trusted (empty when it holds together). */
  problemas: z.array(z.string()),
  legible: z.boolean(),
});
export type InformeLectura = z.infer<typeof informeLecturaSchema>;

export const revisionSchema = z.strictObject({
  /** The bulletin's own date, from its masthead; null when it prints none (then the lawyer gives it: never today by default). */
  fecha: day.nullable(),
  /** Acuerdos read under a court. */
  entradas: z.number(),
  coincidencias: z.array(coincidenciaSchema),
  /** All matches, confirmed and possible, counted apart (before the 500 shown). */
  confirmadas: z.number(),
  posibles: z.number(),
  /** Matches past the most one review shows (500, confirmed ones first): the screen says so. */
  omitidas: z.number(),
  informe: informeLecturaSchema,
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
  /** The last day fetched: how it ended, the lawyer's confirmed and possible matches that day, and why it could not be read. */
  ultima: z
    .strictObject({ dia: day, estado: z.enum(BOLETIN_DESCARGA_ESTADOS), confirmadas: z.number().nullable(), posibles: z.number().nullable(), problema: z.string().nullable() })
    .nullable(),
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

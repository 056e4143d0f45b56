import { instant } from './common';
import { documentoSchema } from './documentos';
import { MSG } from './messages';
import { ESCRITO_VALOR_MAX } from './values/escritos';
import { z } from './zod';

const e = MSG.escritos;

/** An escrito template: one of Bufete's (id: its clave) or one the lawyer uploaded (id: uuid). */
export const plantillaEscritoSchema = z.strictObject({
  id: z.string(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
  propia: z.boolean(),
  /** The fields it uses, in the order they first appear. */
  campos: z.array(z.string()),
  tamaño: z.number().nullable(),
  created_at: instant.nullable(),
});
export type PlantillaEscrito = z.infer<typeof plantillaEscritoSchema>;

export const plantillaEscritoUploadFieldsSchema = z.object({
  nombre: z.string({ error: e.nombreObligatorio }).trim().min(1, { error: e.nombreObligatorio }).max(120, { error: MSG.validation.tooLong }),
  descripcion: z
    .string()
    .trim()
    .max(300, { error: MSG.validation.tooLong })
    .optional()
    .transform((value) => value || null),
});

/** A field of a template as a case fills it: its value from the case (null: the case lacks it), or unknown to Bufete. */
export const campoEscritoSchema = z.strictObject({
  clave: z.string(),
  etiqueta: z.string(),
  valor: z.string().nullable(),
  /** Not one of Bufete's fields (a lawyer's own, '{juez}'): the lawyer types it or leaves it blank. */
  desconocido: z.boolean(),
  origen: z.string().nullable(),
});
export type CampoEscritoValor = z.infer<typeof campoEscritoSchema>;

export const camposEscritoReplySchema = z.strictObject({ plantilla: plantillaEscritoSchema, campos: z.array(campoEscritoSchema), nombre_sugerido: z.string() });

/** A template named in a query: Bufete's by its clave ('promocion-simple'), the lawyer's by its id. */
export const plantillaQuerySchema = z.object({
  plantilla: z.string({ error: MSG.http.notFound }).trim().min(1, { error: MSG.http.notFound }).max(80, { error: MSG.http.notFound }),
});

/** What generating an escrito takes: the template, the values the lawyer typed (over the case's) and the file's name. */
export const generarEscritoSchema = z.object({
  plantilla: z.string({ error: MSG.validation.badRequest }).trim().min(1, { error: MSG.validation.badRequest }).max(80),
  valores: z
    .record(z.string().max(80), z.string().max(ESCRITO_VALOR_MAX, { error: e.valorLargo }), { error: MSG.validation.badRequest })
    .optional()
    .default({})
    .refine((value) => Object.keys(value).length <= 200, { error: MSG.validation.badRequest }),
  nombre: z
    .string()
    .trim()
    .max(150, { error: MSG.validation.tooLong })
    .optional()
    .transform((value) => value || null),
});
export type GenerarEscritoInput = z.input<typeof generarEscritoSchema>;

export const escritoGeneradoSchema = z.strictObject({ documento: documentoSchema });

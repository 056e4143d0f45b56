import { casoRefSchema, day, instant } from './common';
import { isoDate, optionalDate, optionalText, recordId } from './fields';
import { MSG } from './messages';
import { ACTUACION_ORIGENES, ACTUACION_TEXTO_MAX, ACTUACION_TIPOS } from './values/actuaciones';
import { z } from './zod';

const a = MSG.actuaciones;

const actuacionFields = {
  fecha_publicacion: isoDate,
  /** When the notification takes effect (surte efectos): proposed from the case's court, editable, blank until known. */
  fecha_efectos: optionalDate,
  tipo: z.enum(ACTUACION_TIPOS, { error: a.tipoInvalido }),
  texto: z.string({ error: a.textoObligatorio }).trim().min(1, { error: a.textoObligatorio }).max(ACTUACION_TEXTO_MAX, { error: MSG.validation.tooLong }),
  fuente: optionalText(300),
  documento_ids: z.array(recordId, { error: MSG.validation.badRequest }).max(20, { error: a.demasiadosDocumentos }).optional().default([]),
};

/** Takes effect on or after its publication, never before. */
const effectsAfterPublication = <T extends { fecha_publicacion: string; fecha_efectos: string | null }>(value: T, ctx: z.RefinementCtx) => {
  if (value.fecha_efectos && value.fecha_efectos < value.fecha_publicacion) ctx.addIssue({ code: 'custom', message: a.efectosAntesDePublicacion, path: ['fecha_efectos'] });
};

/** An actuación typed by the lawyer (or confirmed from a bulletin): its case, dates, kind, text and where it came from. */
export const actuacionCreateSchema = z
  .object({
    caso_id: z.string({ error: a.casoObligatorio }).min(1, { error: a.casoObligatorio }).pipe(recordId),
    origen: z.enum(ACTUACION_ORIGENES, { error: a.origenInvalido }).optional().default('manual'),
    ...actuacionFields,
  })
  .superRefine(effectsAfterPublication);
export type ActuacionCreateInput = z.input<typeof actuacionCreateSchema>;

export const actuacionUpdateSchema = z.object({ origen: z.enum(ACTUACION_ORIGENES, { error: a.origenInvalido }), ...actuacionFields }).superRefine(effectsAfterPublication);
export type ActuacionUpdateInput = z.input<typeof actuacionUpdateSchema>;

export const actuacionSchema = z.strictObject({
  id: z.string(),
  caso: casoRefSchema,
  fecha_publicacion: day,
  fecha_efectos: day.nullable(),
  tipo: z.enum(ACTUACION_TIPOS),
  texto: z.string(),
  origen: z.enum(ACTUACION_ORIGENES),
  fuente: z.string().nullable(),
  /** 'Visible para el cliente': shown in the client's portal. */
  visible_cliente: z.boolean(),
  documentos: z.array(z.strictObject({ id: z.string(), nombre: z.string() })),
  /** The terms counted from it ('Calcular término'), nearest due first, with the article each cites. */
  plazos: z.array(
    z.strictObject({
      id: z.string(),
      descripcion: z.string(),
      vence: day,
      fundamento: z.string().nullable(),
      /** Why the lawyer should look at it again (its actuación moved and it was counted from another day), or null. */
      revisar: z.string().nullable(),
    }),
  ),
  created_at: instant,
  updated_at: instant,
});
export type Actuacion = z.infer<typeof actuacionSchema>;

/** A case's actuaciones (`caso_id`), or those registered today, in the lawyer's time zone, across the cases (`nuevas=1`: the dashboard). */
export const actuacionListQuerySchema = z
  .object({ caso_id: recordId.optional(), nuevas: z.enum(['1'], { error: MSG.validation.badRequest }).optional() })
  .refine((query) => !!query.caso_id !== !!query.nuevas, { error: MSG.validation.badRequest });

import { BUSQUEDA_TIPOS, BUSQUEDA_PAGINAS_MAX } from './values/search';
import { MSG } from './messages';
import { z } from './zod';

export const busquedaQuerySchema = z.object({
  q: z.string({ error: MSG.search.vacia }).trim().min(1, { error: MSG.search.vacia }).max(200, { error: MSG.search.larga }),
  tipo: z
    .union([z.enum(BUSQUEDA_TIPOS), z.literal('')], { error: MSG.search.tipoInvalido })
    .optional()
    .transform((value) => value || undefined),
  pagina: z.coerce
    .number({ error: MSG.validation.badRequest })
    .int({ error: MSG.validation.badRequest })
    .min(1, { error: MSG.validation.badRequest })
    .max(BUSQUEDA_PAGINAS_MAX, { error: MSG.validation.badRequest })
    .default(1),
});
export type BusquedaQuery = z.output<typeof busquedaQuerySchema>;

export const resultadoSchema = z.strictObject({
  tipo: z.enum(BUSQUEDA_TIPOS),
  id: z.string(),
  titulo: z.string(),
  /** One line that places the record: its client, case, date or amount. */
  contexto: z.string().nullable(),
  /** For documents and notes: the passage of their content that matched, words marked. */
  fragmento: z.string().nullable(),
  /** When the record was last touched (appointments: when it starts). */
  fecha: z.string(),
  /** Appointments and invoices: the day to open them on. */
  dia: z.string().nullable(),
  /** An actuación's case: where it opens (its 'Actuaciones' tab). */
  caso_id: z.string().nullable(),
});
export type Resultado = z.output<typeof resultadoSchema>;

export const grupoSchema = z.strictObject({
  tipo: z.enum(BUSQUEDA_TIPOS),
  items: z.array(resultadoSchema),
  /** More results of this kind than shown. */
  hay_mas: z.boolean(),
});
export type GrupoResultados = z.output<typeof grupoSchema>;

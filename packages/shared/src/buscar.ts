import { endpoint } from './endpoint';
import { MSG } from './messages';
import { z } from './zod';

/** The kinds of record the top bar's search finds, in the order the results show them. */
export const BUSQUEDA_TIPOS = ['casos', 'clientes', 'documentos', 'notas', 'citas', 'facturas'] as const;
export type BusquedaTipo = (typeof BUSQUEDA_TIPOS)[number];
export const BUSQUEDA_TIPO_LABEL: Record<BusquedaTipo, string> = {
  casos: 'Casos',
  clientes: 'Clientes',
  documentos: 'Documentos',
  notas: 'Notas',
  citas: 'Citas',
  facturas: 'Facturas',
};

/** Results per kind in the top bar's panel, and per page of /buscar. */
export const BUSQUEDA_POR_TIPO = 5;
export const BUSQUEDA_POR_PAGINA = 20;
export const BUSQUEDA_PAGINAS_MAX = 25;

/**
 * In a passage, the words that matched are between these two characters
 * (from the Unicode private use area, removed from the text beforehand), so
 * the screen can mark them without ever reading the passage as HTML.
 */
export const MARCA_INICIO = '\uE000';
export const MARCA_FIN = '\uE001';

export const busquedaQuerySchema = z.object({
  q: z
    .string({ error: MSG.search.vacia })
    .trim()
    .min(1, { error: MSG.search.vacia })
    .max(200, { error: MSG.search.larga }),
  tipo: z.union([z.enum(BUSQUEDA_TIPOS), z.literal('')], { error: MSG.search.tipoInvalido }).optional().transform((value) => value || undefined),
  pagina: z.coerce.number({ error: MSG.validation.badRequest }).int({ error: MSG.validation.badRequest }).min(1, { error: MSG.validation.badRequest }).max(BUSQUEDA_PAGINAS_MAX, { error: MSG.validation.badRequest }).default(1),
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
});
export type Resultado = z.output<typeof resultadoSchema>;

export const grupoSchema = z.strictObject({
  tipo: z.enum(BUSQUEDA_TIPOS),
  items: z.array(resultadoSchema),
  /** More results of this kind than shown. */
  hay_mas: z.boolean(),
});
export type GrupoResultados = z.output<typeof grupoSchema>;

export const buscarApi = {
  /**
   * One search over every kind (5 of each, ranked), or one kind paged
   * (`tipo`, `pagina`, 20 a page) for /buscar. One round trip to the database.
   */
  search: endpoint({ method: 'GET', path: '/search', auth: 'user', query: busquedaQuerySchema, response: z.strictObject({ grupos: z.array(grupoSchema) }) }),
};

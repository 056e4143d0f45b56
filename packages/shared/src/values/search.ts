/** Plain values of the search area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** The kinds of record the top bar's search finds, in the order the results show them. */
export const BUSQUEDA_TIPOS = ['casos', 'clientes', 'documentos', 'notas', 'actuaciones', 'tareas', 'citas', 'facturas'] as const;
export type BusquedaTipo = (typeof BUSQUEDA_TIPOS)[number];
export const BUSQUEDA_TIPO_LABEL: Record<BusquedaTipo, string> = {
  casos: 'Casos',
  clientes: 'Clientes',
  documentos: 'Documentos',
  notas: 'Notas',
  actuaciones: 'Actuaciones',
  tareas: 'Tareas',
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

/**
 * The root of each area's cached data. A feature builds its own query keys
 * under its root; when a change of its own touches another area's data (a new
 * note changes its case's counts and the dashboard), it names that area here.
 * Features never import each other (eslint.config.js), so this is the one
 * place where areas meet in the cache.
 */
export const resourceKeys = {
  actuaciones: ['actuaciones'],
  partes: ['partes'],
  asistente: ['ia'],
  calendario: ['calendario'],
  casos: ['casos'],
  clientes: ['clientes'],
  dashboard: ['dashboard'],
  documentos: ['documentos'],
  etiquetas: ['etiquetas'],
  facturas: ['facturas'],
  imagenes: ['imagenes'],
  notas: ['notas'],
  notificaciones: ['notificaciones'],
  plazos: ['plazos'],
  recordatorios: ['recordatorios'],
  search: ['search'],
  tiempo: ['tiempo'],
  tareas: ['tareas'],
  escritos: ['escritos'],
  /** The watched bulletins: Configuración follows them, the dashboard says what this morning's brought. */
  boletines: ['boletines'],
} as const satisfies Record<string, readonly [string]>;

export type Resource = keyof typeof resourceKeys;

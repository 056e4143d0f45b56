/** Plain values of the casos area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** Case states and priorities (spec part 1, section 4). */
export const CASO_ESTADOS = ['Activo', 'Pendiente', 'En Revisión', 'Cerrado'] as const;
export const CASO_ESTADOS_INICIALES = ['Pendiente', 'Activo', 'En Revisión'] as const;
export const CASO_PRIORIDADES = ['Alta', 'Media', 'Baja'] as const;
export type CasoEstado = (typeof CASO_ESTADOS)[number];
export type CasoPrioridad = (typeof CASO_PRIORIDADES)[number];

/** The area of law of a matter, as lawyers in Mexico file them. */
export const MATERIAS = ['civil', 'penal', 'familiar', 'mercantil', 'laboral', 'amparo', 'administrativo', 'fiscal', 'otra'] as const;
export type Materia = (typeof MATERIAS)[number];
export const MATERIA_LABEL: Record<Materia, string> = {
  civil: 'Civil',
  penal: 'Penal',
  familiar: 'Familiar',
  mercantil: 'Mercantil',
  laboral: 'Laboral',
  amparo: 'Amparo',
  administrativo: 'Administrativo',
  fiscal: 'Fiscal',
  otra: 'Otra',
};

/** How the case list is ordered: newest first (the spec's), or by the nearest due date. */
export const CASO_ORDENES = ['recientes', 'vencimiento'] as const;
/** Due-date filters of the case list: past due, or due within the next 7 days (both among open cases). */
export const CASO_VENCIMIENTOS = ['vencidos', 'proximos'] as const;

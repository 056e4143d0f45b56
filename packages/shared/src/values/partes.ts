/** Plain values of a case's parties that screens show: no zod here (docs/decisions/0028). */

/**
 * The side a party is on. 'contraparte' is what an earlier Bufete kept in one
 * field, without saying which side: the upgrade carries it over as it was,
 * and the lawyer says which side when they next edit it.
 */
export const PARTE_ROLES = ['actor', 'demandado', 'tercero', 'contraparte'] as const;
export type ParteRol = (typeof PARTE_ROLES)[number];
/** The sides a lawyer chooses from. */
export const PARTE_ROLES_ELEGIBLES = ['actor', 'demandado', 'tercero'] as const satisfies readonly ParteRol[];

export const PARTE_ROL_LABELS: Record<ParteRol, string> = {
  actor: 'Parte actora',
  demandado: 'Parte demandada',
  tercero: 'Tercero',
  contraparte: 'Contraparte (sin precisar)',
};

/** Where a name that may be a conflict of interest was found. */
export const CONFLICTO_PAPELES = ['cliente', ...PARTE_ROLES] as const;
export type ConflictoPapel = (typeof CONFLICTO_PAPELES)[number];
export const CONFLICTO_PAPEL_LABELS: Record<ConflictoPapel, string> = {
  cliente: 'cliente',
  actor: 'parte actora',
  demandado: 'parte demandada',
  tercero: 'tercero',
  contraparte: 'contraparte',
};

/** A case's parties: a big commercial trial has dozens of co-defendants; a hundred is room to spare. */
export const PARTES_POR_CASO_MAX = 100;

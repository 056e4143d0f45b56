/**
 * The despacho (issue 46): a lawyer's practice and the team that works in it.
 * Every account is a despacho of one whose lawyer is its titular; the titular
 * invites people, each with their own sign-in and one role. What a role may
 * do is this table, area by area: the server enforces it on every request
 * (apps/server/src/http/areas.ts) and Configuración → Equipo shows the same table.
 */
// Plain values: no zod here, so the top bar that names the role loads no schema (docs/decisions/0028).

export const ROLES = ['titular', 'asociado', 'pasante', 'asistente'] as const;
export type Rol = (typeof ROLES)[number];
/** The roles an invitation can give: the titular is who owns the despacho. */
export const ROLES_INVITABLES = ['asociado', 'pasante', 'asistente'] as const satisfies readonly Rol[];
export type RolInvitable = (typeof ROLES_INVITABLES)[number];

export const ROL_NOMBRE: Record<Rol, string> = {
  titular: 'Titular',
  asociado: 'Abogado asociado',
  pasante: 'Pasante',
  asistente: 'Asistente',
};

export const AREAS = [
  'casos',
  'clientes',
  'documentos',
  'notas',
  'calendario',
  'tareas',
  'boletin',
  'tiempo',
  'facturacion',
  'portal',
  'asistente',
  'configuracion',
  'exportacion',
  'equipo',
] as const;
export type Area = (typeof AREAS)[number];

export const AREA_NOMBRE: Record<Area, string> = {
  casos: 'Casos',
  clientes: 'Clientes',
  documentos: 'Documentos y escritos',
  notas: 'Notas',
  calendario: 'Calendario',
  tareas: 'Tareas',
  boletin: 'Boletín, actuaciones y términos',
  tiempo: 'Tiempo',
  facturacion: 'Facturación y CFDI',
  portal: 'Portal del cliente',
  asistente: 'Asistente IA',
  configuracion: 'Configuración del despacho',
  exportacion: 'Exportación y cierre',
  equipo: 'Equipo',
};

/**
 * 'total': reads and changes; 'asignados': the same, but only on the cases
 * assigned to the member (or that they are responsible for), row by row in
 * the server's queries (apps/server/src/http/case-scope.ts, modules/team/pasante.ts); 'ninguno': neither.
 */
export type Permiso = 'total' | 'asignados' | 'ninguno';

/** An area's name inside a sentence ('usar facturación y CFDI'): only its first letter lowered, so 'CFDI' and 'IA' keep theirs. */
export const areaEnFrase = (area: Area): string => AREA_NOMBRE[area].charAt(0).toLowerCase() + AREA_NOMBRE[area].slice(1);

/** Whether a member reaches an area at all (all of it, or their cases in it). */
export const alcanza = (permiso: Permiso): boolean => permiso !== 'ninguno';

/** Every area open: the titular's row, and what the other roles start from. */
const EVERY_AREA: Record<Area, Permiso> = Object.fromEntries(AREAS.map((area) => [area, 'total'])) as Record<Area, Permiso>;

export const PERMISOS: Record<Rol, Record<Area, Permiso>> = {
  titular: EVERY_AREA,
  // The practice's work, without the despacho's settings, export, closing or team; money only when allowed.
  asociado: { ...EVERY_AREA, facturacion: 'ninguno', configuracion: 'ninguno', exportacion: 'ninguno', equipo: 'ninguno' },
  // Only the cases assigned to them, with their documents, actuaciones, tasks and calendar: no money, no clients, no exports.
  pasante: {
    ...Object.fromEntries(AREAS.map((area) => [area, 'ninguno'])),
    casos: 'asignados',
    documentos: 'asignados',
    calendario: 'asignados',
    tareas: 'asignados',
    boletin: 'asignados',
  } as Record<Area, Permiso>,
  // Clients, calendar, documents and tasks (and the cases they hang on), notes but those private to others; no money unless allowed.
  asistente: {
    ...EVERY_AREA,
    boletin: 'ninguno',
    tiempo: 'ninguno',
    facturacion: 'ninguno',
    portal: 'ninguno',
    asistente: 'ninguno',
    configuracion: 'ninguno',
    exportacion: 'ninguno',
    equipo: 'ninguno',
  },
};

/** What a member may do in an area: their role's permission, with invoicing opened when the titular allowed it. */
export function permisoDe(miembro: { rol: Rol; facturacion: boolean }, area: Area): Permiso {
  if (area === 'facturacion' && miembro.facturacion && miembro.rol !== 'pasante') return 'total';
  return PERMISOS[miembro.rol][area];
}

/** The most members a despacho holds, its titular included, and invitations it may send a day. */
export const EQUIPO_LIMITES = { miembros: 25, invitacionesPorDia: 20, diasInvitacion: 7 } as const;

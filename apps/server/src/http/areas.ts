import { type Area, areaEnFrase, MSG, permisoDe, type Rol } from '@bufete/shared';
import { appError } from './errors';

/**
 * The area of the despacho each signed-in endpoint belongs to (issue 46),
 * by its path: the first rule that matches wins, so a narrower path comes
 * before the broader one. 'persona' is the person's own: their password,
 * second factor and sessions, open to every role and always scoped by the
 * person. 'comun' is what every member needs to work at all: the home page,
 * the bell, reading the despacho's profile. A path no rule names is refused
 * to every member but the titular (a test walks every endpoint so none is
 * left to that by accident).
 */
export type EndpointArea = Area | 'persona' | 'comun';

const RULES: [RegExp, EndpointArea | ((method: string) => EndpointArea)][] = [
  [/^\/account\/(change-password|two-factor|sessions|historial)/, 'persona'],
  [/^\/account\/(exportaciones|importaciones|close)/, 'exportacion'],
  [/^\/(despachos|invitaciones)/, 'persona'],
  [/^\/equipo/, 'equipo'],
  [/^\/dashboard/, 'comun'],
  [/^\/notificaciones/, 'comun'],
  // The despacho's profile is read by every screen (its name, time zone, calendar); only its titular changes it.
  [/^\/profile\/(storage|avatar)$/, (method) => (method === 'GET' ? 'comun' : 'configuracion')],
  [/^\/profile$/, (method) => (method === 'GET' ? 'comun' : 'configuracion')],
  [/^\/profile\//, 'configuracion'],
  [/^\/casos\/:id\/(portal|mensajes)/, 'portal'],
  [/^\/casos\/:id\/escritos/, 'documentos'],
  [/^\/casos\/:id\/plantilla/, 'tareas'],
  [/^\/casos\/:id\/(partes|conflictos)/, 'casos'],
  [/^\/casos/, 'casos'],
  [/^\/(conflictos|etiquetas|partes)/, 'casos'],
  // Emails to a client, sent now or later.
  [/^\/(clientes|recordatorios)/, 'clientes'],
  [/^\/(documentos|imagenes|escritos)/, 'documentos'],
  [/^\/notas/, 'notas'],
  // One Google connection and one feed per despacho for now: its titular's.
  [/^\/calendario\/(google|feed)/, 'configuracion'],
  [/^\/calendario/, 'calendario'],
  [/^\/(tareas|plantillas-asunto)/, 'tareas'],
  // The courts' calendars are the despacho's settings; the terms counted with them are the bulletin's work.
  [/^\/plazos\/calendarios/, (method) => (method === 'GET' ? 'boletin' : 'configuracion')],
  [/^\/(boletines|actuaciones|plazos)/, 'boletin'],
  [/^\/tiempo\/tarifa/, 'configuracion'],
  [/^\/tiempo/, 'tiempo'],
  [/^\/(facturas|cfdi|pagos-en-linea)/, 'facturacion'],
  [/^\/ia/, 'asistente'],
  [/^\/search/, 'comun'],
  [/^\/diagnostics/, 'configuracion'],
];

export function areaOf(method: string, path: string): EndpointArea | null {
  for (const [pattern, area] of RULES) if (pattern.test(path)) return typeof area === 'function' ? area(method) : area;
  return null;
}

/** Refuses (403, in Spanish) what the member's role does not reach; the titular reaches everything. */
export function authorize(member: { rol: Rol; facturacion: boolean }, area: EndpointArea | null): void {
  if (member.rol === 'titular' || area === 'persona' || area === 'comun') return;
  if (area === null) throw appError('FORBIDDEN_ROLE', MSG.equipo.sinPermiso('esta función'));
  if (permisoDe(member, area) === 'ninguno') throw appError('FORBIDDEN_ROLE', MSG.equipo.sinPermiso(areaEnFrase(area)));
}

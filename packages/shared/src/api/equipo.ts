import { endpoint } from '../endpoint';
import { okSchema } from '../common';
import { cambiarDespachoSchema, cambiarRolSchema, despachoSchema, invitacionSchema, invitarSchema, invitationTokenSchema, miembroSchema, ROLES_INVITABLES } from '../equipo';
import { z } from '../zod';

/** The despacho and its team (issue 46): Configuración → Equipo, the invitation page and the top bar's switcher. */
export const equipoApi = {
  /** The despacho this session works in, and every despacho the person belongs to. */
  despachos: endpoint({
    method: 'GET',
    path: '/despachos',
    auth: 'user',
    response: z.strictObject({ actual: despachoSchema, despachos: z.array(despachoSchema) }),
  }),
  /** The despacho's people by name (its titular first): the responsible of a case is chosen from them. Every member may read it. */
  personas: endpoint({
    method: 'GET',
    path: '/despachos/personas',
    auth: 'user',
    response: z.strictObject({ items: z.array(z.strictObject({ id: z.string(), nombre: z.string() })) }),
  }),
  cambiar: endpoint({ method: 'POST', path: '/despachos/switch', auth: 'user', body: cambiarDespachoSchema, response: z.strictObject({ actual: despachoSchema }) }),
  miembros: endpoint({
    method: 'GET',
    path: '/equipo',
    auth: 'user',
    response: z.strictObject({ miembros: z.array(miembroSchema), invitaciones: z.array(invitacionSchema) }),
  }),
  invitar: endpoint({
    method: 'POST',
    path: '/equipo/invitaciones',
    auth: 'user',
    body: invitarSchema,
    response: z.strictObject({ invitacion: invitacionSchema, message: z.string() }),
    status: 201,
  }),
  cancelarInvitacion: endpoint({ method: 'DELETE', path: '/equipo/invitaciones/:id', auth: 'user', response: okSchema }),
  cambiarRol: endpoint({ method: 'PATCH', path: '/equipo/miembros/:id', auth: 'user', body: cambiarRolSchema, response: z.strictObject({ miembro: miembroSchema }) }),
  quitar: endpoint({ method: 'DELETE', path: '/equipo/miembros/:id', auth: 'user', response: okSchema }),
  /** What an invitation link offers, read before signing in (no address of the invitee is shown). */
  verInvitacion: endpoint({
    method: 'POST',
    path: '/invitaciones/check',
    auth: 'public',
    body: invitationTokenSchema,
    response: z.strictObject({ despacho: z.string(), rol: z.enum(ROLES_INVITABLES), estado: z.enum(['pendiente', 'caducada', 'usada']) }),
  }),
  aceptar: endpoint({ method: 'POST', path: '/invitaciones/accept', auth: 'user', body: invitationTokenSchema, response: z.strictObject({ actual: despachoSchema }) }),
};

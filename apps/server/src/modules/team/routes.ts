import { equipoApi } from '@bufete/shared';
import type { SessionCache } from '../../auth/session-cache';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { TeamService } from './service';

export function teamRoutes({ on }: Router, deps: { team: TeamService; sessions: SessionCache; limiter: RateLimiter }) {
  const { team, sessions, limiter } = deps;
  const ok = { ok: true as const };
  on(equipoApi.despachos, async ({ user }) => team.despachos(user));
  on(equipoApi.personas, async ({ user }) => ({ items: await team.personas(user.id) }));
  on(equipoApi.cambiar, async ({ user, body }) => {
    const actual = await team.cambiar(user, body.despacho_id);
    // This process answers the next request from the new despacho at once; the others hear the database.
    sessions.clear();
    return { actual };
  });
  on(equipoApi.miembros, async ({ user }) => team.miembros(user));
  on(equipoApi.invitar, async ({ user, body }) => team.invitar(user, body));
  on(equipoApi.cancelarInvitacion, async ({ user, params }) => {
    await team.cancelarInvitacion(user, params.id);
    return ok;
  });
  on(equipoApi.cambiarRol, async ({ user, params, body }) => {
    const miembro = await team.cambiarRol(user, params.id, body);
    sessions.clear();
    return { miembro };
  });
  on(equipoApi.quitar, async ({ user, params }) => {
    await team.quitar(user, params.id);
    sessions.clear();
    return ok;
  });
  // A token is guessed by no one, but asking is still counted per address.
  on(equipoApi.verInvitacion, async ({ body }) => team.verInvitacion(body.token), {
    before: (c) => limiter.hit(`invitacion:${c.get('clientNet')}`),
  });
  on(equipoApi.aceptar, async ({ user, body }) => {
    const actual = await team.aceptar(user, body.token);
    sessions.clear();
    return { actual };
  });
}

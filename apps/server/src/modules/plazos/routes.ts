import { plazosApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { PlazoService } from './service';

/** Plazos: the calendars of días inhábiles, the count, and scheduling the due date. */
export function plazoRoutes({ on }: Router, deps: { plazos: PlazoService }) {
  const { plazos } = deps;
  on(plazosApi.calendarios, async ({ user }) => ({ items: await plazos.calendarios(user.id) }));
  on(plazosApi.crearCalendario, async ({ user, body }) => ({ calendario: await plazos.crearCalendario(user.id, body) }));
  on(plazosApi.eliminarCalendario, async ({ user, params }) => {
    await plazos.eliminarCalendario(user.id, params.id);
    return { ok: true as const };
  });
  on(plazosApi.agregarDia, async ({ user, params, body }) => plazos.agregarDia(user.id, params.id, body));
  on(plazosApi.mover, async ({ user, params }) => plazos.mover(user.id, params.id));
  on(plazosApi.revisar, async ({ user, params, body }) => plazos.revisar(user.id, params.id, body.decision));
  on(plazosApi.calcular, async ({ user, query }) => plazos.calcular(user.id, query));
  on(plazosApi.agendar, async ({ user, body }) => plazos.agendar(user.id, body));
  on(plazosApi.reglas, async ({ user }) => ({ items: await plazos.reglas(user.id) }));
  on(plazosApi.crearRegla, async ({ user, body }) => ({ regla: await plazos.crearRegla(user.id, body) }));
  on(plazosApi.eliminarRegla, async ({ user, params }) => {
    await plazos.eliminarRegla(user.id, params.id);
    return { ok: true as const };
  });
  on(plazosApi.efectos, async ({ user, query }) => plazos.efectos(user.id, query));
}

import { tareasApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { TaskService } from './service';

/** Tasks and matter templates. */
export function taskRoutes({ on }: Router, { tasks }: { tasks: TaskService }) {
  on(tareasApi.list, async ({ user, query }) => tasks.list(user.id, query));
  on(tareasApi.create, async ({ user, body }) => ({ tarea: await tasks.create(user.id, body) }));
  on(tareasApi.update, async ({ user, params, body }) => ({ tarea: await tasks.update(user.id, params.id, body) }));
  on(tareasApi.hecha, async ({ user, params, body }) => ({ tarea: await tasks.hecha(user.id, params.id, body.hecha) }));
  on(tareasApi.remove, async ({ user, params }) => {
    await tasks.remove(user.id, params.id);
    return { ok: true as const };
  });
  on(tareasApi.anclas, async ({ user, query }) => ({ items: await tasks.anclas(user.id, query.caso_id) }));
  on(tareasApi.plantillas, async ({ user }) => ({ items: await tasks.plantillas(user.id) }));
  on(tareasApi.crearPlantilla, async ({ user, body }) => ({ plantilla: await tasks.crearPlantilla(user.id, body) }));
  on(tareasApi.editarPlantilla, async ({ user, params, body }) => ({ plantilla: await tasks.editarPlantilla(user.id, params.id, body) }));
  on(tareasApi.eliminarPlantilla, async ({ user, params }) => {
    await tasks.eliminarPlantilla(user.id, params.id);
    return { ok: true as const };
  });
  on(tareasApi.aplicarPlantilla, async ({ user, params, body }) => ({ tareas: await tasks.aplicarPlantilla(user.id, params.id, body) }));
}

import { itemsOf, okSchema, pageOf } from '../common';
import { endpoint } from '../endpoint';
import {
  anclaSchema,
  anclasQuerySchema,
  aplicarPlantillaReplySchema,
  aplicarPlantillaSchema,
  plantillaAsuntoInputSchema,
  plantillaAsuntoSchema,
  tareaHechaSchema,
  tareaInputSchema,
  tareaListQuerySchema,
  tareaSchema,
} from '../tareas';
import { z } from '../zod';

/** Tasks, and the matter templates that create them (issue 36). */
export const tareasApi = {
  /** A tab of the 'Tareas' page (or a case's tasks with caso_id), a page at a time, by due date. */
  list: endpoint({ method: 'GET', path: '/tareas', auth: 'user', query: tareaListQuerySchema, response: pageOf(tareaSchema) }),
  create: endpoint({ method: 'POST', path: '/tareas', auth: 'user', body: tareaInputSchema, response: z.strictObject({ tarea: tareaSchema }), status: 201 }),
  update: endpoint({ method: 'PUT', path: '/tareas/:id', auth: 'user', body: tareaInputSchema, response: z.strictObject({ tarea: tareaSchema }) }),
  hecha: endpoint({ method: 'PATCH', path: '/tareas/:id/hecha', auth: 'user', body: tareaHechaSchema, response: z.strictObject({ tarea: tareaSchema }) }),
  remove: endpoint({ method: 'DELETE', path: '/tareas/:id', auth: 'user', response: okSchema }),
  /** What a relative date can hang on in a case. */
  anclas: endpoint({ method: 'GET', path: '/tareas/anclas', auth: 'user', query: anclasQuerySchema, response: itemsOf(anclaSchema) }),
  plantillas: endpoint({ method: 'GET', path: '/plantillas-asunto', auth: 'user', response: itemsOf(plantillaAsuntoSchema) }),
  crearPlantilla: endpoint({
    method: 'POST',
    path: '/plantillas-asunto',
    auth: 'user',
    body: plantillaAsuntoInputSchema,
    response: z.strictObject({ plantilla: plantillaAsuntoSchema }),
    status: 201,
  }),
  editarPlantilla: endpoint({
    method: 'PUT',
    path: '/plantillas-asunto/:id',
    auth: 'user',
    body: plantillaAsuntoInputSchema,
    response: z.strictObject({ plantilla: plantillaAsuntoSchema }),
  }),
  eliminarPlantilla: endpoint({ method: 'DELETE', path: '/plantillas-asunto/:id', auth: 'user', response: okSchema }),
  /** Creates a template's tasks on a case, their dates counted on the case's court calendar. */
  aplicarPlantilla: endpoint({ method: 'POST', path: '/casos/:id/plantilla', auth: 'user', body: aplicarPlantillaSchema, response: aplicarPlantillaReplySchema, status: 201 }),
};

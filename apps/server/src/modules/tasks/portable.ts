import type { Portable } from '../../db/portable';

/** The lawyer's tasks (what a relative date hangs on travels as its id; a task of no case has none) and their own matter templates. */
export const tasksPortable: Portable = {
  exported: [
    {
      tabla: 'tareas',
      archivo: 'tareas',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id', 'caso_id', 'ancla_id'],
      loose: ['ancla_id'],
      etiqueta: 'Tareas',
      // Who it is for is a person of this installation (like a case's responsible).
      omit: ['asignado_id'],
    },
    {
      tabla: 'plantillas_asunto',
      archivo: 'plantillas-asunto',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id'],
      // Its escritos name the lawyer's own Word templates by id (Bufete's by name).
      idLists: ['escritos'],
      etiqueta: 'Plantillas de asunto',
    },
  ],
  leftOut: {},
};

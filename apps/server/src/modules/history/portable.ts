import type { Portable } from '../../db/portable';

/** The history goes whole; its ids are the database's, so an import tells a repeated entry by its content. */
export const historyPortable: Portable = {
  exported: [
    {
      tabla: 'historial',
      archivo: 'historial',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['entidad_id', 'caso_id'],
      loose: ['entidad_id', 'caso_id'],
      omit: ['id'],
      generatedKey: true,
      etiqueta: 'Registros de actividad',
    },
  ],
  leftOut: {},
};

import type { Portable } from '../../db/portable';

export const tagsPortable: Portable = {
  exported: [{ tabla: 'tags', archivo: 'etiquetas', owner: { column: 'user_id' }, key: ['id'], ids: ['id'], etiqueta: 'Etiquetas' }],
  leftOut: {},
};

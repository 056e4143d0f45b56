import type { Portable } from '../../db/portable';

export const notesPortable: Portable = {
  exported: [
    {
      tabla: 'notas',
      archivo: 'notas',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id', 'caso_id', 'cliente_id'],
      etiqueta: 'Notas',
      // Who wrote it is a person of this installation: imported elsewhere, a private note is its new titular's.
      omit: ['autor_id'],
    },
    { tabla: 'nota_tags', archivo: 'notas-etiquetas', owner: { parent: 'notas', via: 'nota_id' }, key: ['nota_id', 'tag_id'], ids: ['nota_id', 'tag_id'] },
  ],
  leftOut: {},
};

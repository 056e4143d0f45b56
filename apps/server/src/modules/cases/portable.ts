import type { Portable } from '../../db/portable';

export const casesPortable: Portable = {
  exported: [
    {
      tabla: 'casos',
      archivo: 'casos',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id', 'cliente_id'],
      // The conflicts of interest reviewed name a party of another case or a client by id.
      idLists: ['conflictos_revisados'],
      etiqueta: 'Casos',
      formerly: { contraparte: 'partes_texto' },
    },
  ],
  leftOut: {},
};

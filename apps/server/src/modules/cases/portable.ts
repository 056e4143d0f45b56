import type { Portable } from '../../db/portable';

export const casesPortable: Portable = {
  exported: [
    { tabla: 'casos', archivo: 'casos', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'cliente_id'], etiqueta: 'Casos', formerly: { contraparte: 'partes_texto' } },
  ],
  leftOut: {},
};

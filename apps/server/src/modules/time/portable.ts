import type { Portable } from '../../db/portable';

export const timePortable: Portable = {
  exported: [
    { tabla: 'tiempo_entradas', archivo: 'tiempo', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id', 'cliente_id', 'factura_id'], etiqueta: 'Entradas de tiempo' },
  ],
  leftOut: { tiempo_temporizadores: 'a timer running now, in the old account' },
};

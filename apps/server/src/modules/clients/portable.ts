import type { Portable } from '../../db/portable';

export const clientsPortable: Portable = {
  exported: [{ tabla: 'clientes', archivo: 'clientes', owner: { column: 'user_id' }, key: ['id'], ids: ['id'], etiqueta: 'Clientes' }],
  leftOut: {},
};

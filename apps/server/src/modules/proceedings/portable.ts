import type { Portable } from '../../db/portable';

/** A case's actuaciones and the documents they link go with the account. */
export const proceedingsPortable: Portable = {
  exported: [
    { tabla: 'actuaciones', archivo: 'actuaciones', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id'], etiqueta: 'Actuaciones' },
    {
      tabla: 'actuacion_documentos',
      archivo: 'actuaciones-documentos',
      owner: { parent: 'actuaciones', via: 'actuacion_id' },
      key: ['actuacion_id', 'documento_id'],
      ids: ['actuacion_id', 'documento_id'],
    },
  ],
  leftOut: {},
};

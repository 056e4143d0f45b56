import type { Portable } from '../../db/portable';

/** The lawyer's own escrito templates, each with its Word file (Bufete's are in the code: not exported). */
export const escritosPortable: Portable = {
  exported: [
    {
      tabla: 'escrito_plantillas',
      archivo: 'plantillas-escritos',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id'],
      file: { bucket: 'documentos' },
      etiqueta: 'Plantillas de escritos',
    },
  ],
  leftOut: {},
};

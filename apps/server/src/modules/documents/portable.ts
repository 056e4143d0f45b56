import type { Portable } from '../../db/portable';

/** Each document's file goes under its case's folder in the zip. */
export const documentsPortable: Portable = {
  exported: [
    {
      tabla: 'documentos',
      archivo: 'documentos',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id', 'caso_id', 'cliente_id'],
      file: { bucket: 'documentos' },
      etiqueta: 'Documentos',
    },
  ],
  leftOut: {},
};

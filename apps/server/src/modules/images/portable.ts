import type { Portable } from '../../db/portable';

export const imagesPortable: Portable = {
  exported: [
    { tabla: 'imagenes', archivo: 'imagenes', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id', 'nota_id'], file: { bucket: 'imagenes' }, etiqueta: 'Imágenes' },
  ],
  leftOut: {},
};

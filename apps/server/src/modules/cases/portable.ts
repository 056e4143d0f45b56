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
      // Who answered for it is a person of this installation: another account's import has nobody by that id.
      omit: ['responsable_id'],
      formerly: { contraparte: 'partes_texto' },
    },
  ],
  leftOut: {
    caso_asignados: "who is assigned to a case are people of this installation, like its responsible: another account's import has nobody by those ids",
  },
};

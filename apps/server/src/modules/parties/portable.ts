import { sql } from 'drizzle-orm';
import type { Portable } from '../../db/portable';
import { adoptFormerNames } from './queries';

/** A case's parties go with the account. An older zip has none, only the cases' 'contraparte': the import makes it a party, as the upgrade did. */
export const partiesPortable: Portable = {
  exported: [{ tabla: 'caso_partes', archivo: 'partes', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id'], etiqueta: 'Partes' }],
  leftOut: {},
  afterImport: (userId) => adoptFormerNames(sql`${userId}`),
};

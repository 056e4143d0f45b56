import type { Portable } from '../../db/portable';

/** The profile's fiscal data and preferences go; the avatar is chosen again. An import never renames the account (its name greets the lawyer) and fills only the fiscal data and rate it has not set. */
export const profilePortable: Portable = {
  exported: [{ tabla: 'profiles', archivo: 'perfil', owner: { column: 'id' }, key: ['id'], ids: [], single: 'fill', identity: ['nombre', 'apellido'], omit: ['avatar_url'] }],
  leftOut: {},
};

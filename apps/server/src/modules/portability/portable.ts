import type { Portable } from '../../db/portable';

export const portabilityPortable: Portable = {
  exported: [],
  leftOut: { portabilidad: 'the exports and imports themselves' },
};

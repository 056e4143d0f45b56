import type { Portable } from '../../db/portable';

export const dashboardPortable: Portable = {
  exported: [],
  leftOut: { conteos_practica: "the dashboard's counts: the database keeps them as the imported rows go in" },
};

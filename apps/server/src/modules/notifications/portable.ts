import type { Portable } from '../../db/portable';

export const notificationsPortable: Portable = {
  exported: [],
  leftOut: {
    notificaciones: "the bell's notices, about the old account's moments",
    notificaciones_resumenes: 'which daily digests were sent',
  },
};

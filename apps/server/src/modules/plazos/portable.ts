import type { Portable } from '../../db/portable';

/** The lawyer's own calendars with their días inhábiles, the plazos scheduled (their appointments may not be in the export: kept as they are) and their own rules. */
export const plazosPortable: Portable = {
  exported: [
    { tabla: 'plazo_calendarios', archivo: 'plazos-calendarios', owner: { column: 'user_id' }, key: ['id'], ids: ['id'], etiqueta: 'Calendarios de plazos' },
    { tabla: 'plazo_dias_inhabiles', archivo: 'plazos-dias-inhabiles', owner: { parent: 'plazo_calendarios', via: 'calendario_id' }, key: ['id'], ids: ['id', 'calendario_id'] },
    {
      tabla: 'plazos_agendados',
      archivo: 'plazos',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id', 'calendario_id', 'caso_id', 'evento_id', 'aviso_id', 'actuacion_id'],
      loose: ['caso_id', 'evento_id', 'aviso_id'],
      etiqueta: 'Plazos agendados',
    },
    { tabla: 'reglas_plazo_propias', archivo: 'plazos-reglas', owner: { column: 'user_id' }, key: ['id'], ids: ['id'], etiqueta: 'Reglas de plazo propias' },
  ],
  leftOut: {},
};

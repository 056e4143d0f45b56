import type { Portable } from '../../db/portable';

/** The invoices, their payments and the counter of folios (an import keeps the larger, so no number is issued twice). */
export const invoicesPortable: Portable = {
  exported: [
    {
      tabla: 'facturas',
      archivo: 'facturas',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id', 'cliente_id', 'sustituye_a', 'anticipo_aplicado_id', 'factura_global_id'],
      etiqueta: 'Facturas',
    },
    { tabla: 'facturas_folios', archivo: 'facturas-folios', owner: { column: 'user_id' }, key: ['user_id'], ids: [], single: 'greatest' },
    { tabla: 'pagos', archivo: 'pagos', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'factura_id'], etiqueta: 'Pagos' },
    { tabla: 'notas_credito', archivo: 'notas-credito', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'factura_id'], etiqueta: 'Notas de crédito' },
  ],
  leftOut: {},
};

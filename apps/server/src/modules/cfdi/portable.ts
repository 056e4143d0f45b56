import type { Portable } from '../../db/portable';

/** The stamped CFDI go (the SAT keeps them too); the CSD and the lawyer's PAC account are sealed with this installation's secret and entered again. */
export const cfdiPortable: Portable = {
  exported: [
    { tabla: 'facturas_cfdi', archivo: 'cfdi', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'factura_id', 'pago_id', 'nota_credito_id'], etiqueta: 'CFDI timbrados' },
    { tabla: 'cfdi_globales', archivo: 'cfdi-globales', owner: { column: 'user_id' }, key: ['id'], ids: ['id'], etiqueta: 'Facturas globales' },
  ],
  leftOut: {
    cfdi_csd: "the Certificado de Sello Digital: its key is sealed with this installation's secret",
    cfdi_pac: "the lawyer's PAC account: its password is sealed with this installation's secret",
  },
};

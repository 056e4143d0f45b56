import { anticipoAplicarSchema, facturaReply, facturaUpdateSchema, notaCreditoSchema } from '../facturas';
import {
  cfdiCancelSchema,
  cfdiReply,
  complementoPagoSchema,
  facturaGlobalOutSchema,
  facturaGlobalSchema,
  globalCancelSchema,
  globalPreviewSchema,
  sustitucionReply,
  csdReply,
  csdUploadSchema,
  pacReply,
  pacSaveSchema,
} from '../cfdi';
import { z } from '../zod';
import { endpoint } from '../endpoint';
import { okSchema } from '../common';

/** The cfdi endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */

/** CFDI 4.0 (issue 27): the lawyer's Certificado de Sello Digital. */
export const cfdiApi = {
  csd: endpoint({ method: 'GET', path: '/cfdi/csd', auth: 'user', response: csdReply }),
  saveCsd: endpoint({ method: 'PUT', path: '/cfdi/csd', auth: 'user', body: csdUploadSchema, response: csdReply }),
  deleteCsd: endpoint({ method: 'DELETE', path: '/cfdi/csd', auth: 'user', response: okSchema }),
  /** The lawyer's own PAC account, if any, and whether the installation has one for everyone. */
  pac: endpoint({ method: 'GET', path: '/cfdi/pac', auth: 'user', response: pacReply }),
  savePac: endpoint({ method: 'PUT', path: '/cfdi/pac', auth: 'user', body: pacSaveSchema, response: pacReply }),
  deletePac: endpoint({ method: 'DELETE', path: '/cfdi/pac', auth: 'user', response: pacReply }),
  /** 'Probar conexión': signs in to the PAC the lawyer would stamp with and reads their balance of stamps. */
  testPac: endpoint({ method: 'POST', path: '/cfdi/pac/check', auth: 'user', response: z.strictObject({ ok: z.literal(true), mensaje: z.string() }) }),
};

/**
 * An invoice's CFDI through the PAC (issue 27): stamp its CFDI de Ingreso,
 * the Complemento de Pago of a payment of a PPD invoice, cancel one with the
 * SAT's motivo, ask the SAT how it stands, download it stamped.
 */
export const facturasCfdiApi = {
  /** The CFDI 4.0 of the invoice sealed with the lawyer's CSD, not stamped (to check it before a PAC stamps it). */
  sealedXml: endpoint({ method: 'GET', path: '/facturas/:id/xml', auth: 'user', response: 'file' }),
  stamp: endpoint({ method: 'POST', path: '/facturas/:id/cfdi', auth: 'user', response: cfdiReply }),
  stampPago: endpoint({ method: 'POST', path: '/facturas/:id/pagos/:pago/cfdi', auth: 'user', body: complementoPagoSchema, response: cfdiReply }),
  cancel: endpoint({ method: 'POST', path: '/facturas/:id/cfdi/:cfdi/cancel', auth: 'user', body: cfdiCancelSchema, response: cfdiReply }),
  refresh: endpoint({ method: 'POST', path: '/facturas/:id/cfdi/:cfdi/estado', auth: 'user', response: cfdiReply }),
  xml: endpoint({ method: 'GET', path: '/facturas/:id/cfdi/:cfdi/xml', auth: 'user', response: 'file' }),
  /**
   * 'Sustituir CFDI' (issue 37): a corrected copy of a stamped invoice becomes a new invoice
   * (its payments and time with it), stamped related 04 to the old CFDI, which is then
   * cancelled with motivo 01 naming the new one. `resume` finishes a flow stopped halfway.
   */
  substitute: endpoint({ method: 'POST', path: '/facturas/:id/sustitucion', auth: 'user', body: facturaUpdateSchema, response: sustitucionReply }),
  /** 'Nota de crédito': a CFDI de egreso related 01 to the invoice's CFDI, its taxes in proportion; `stampCreditNote` sends again one not confirmed. */
  creditNote: endpoint({ method: 'POST', path: '/facturas/:id/notas-credito', auth: 'user', body: notaCreditoSchema, response: cfdiReply }),
  stampCreditNote: endpoint({ method: 'POST', path: '/facturas/:id/notas-credito/:nota/cfdi', auth: 'user', response: cfdiReply }),
  resumeSubstitution: endpoint({ method: 'POST', path: '/facturas/:id/sustitucion/resume', auth: 'user', response: sustitucionReply }),
};

/**
 * Advances (issue 37, Apéndice 6 of the SAT's Guía): a final invoice not
 * stamped yet names the advance it applies; stamped, the application's CFDI
 * de egreso follows, and `stampAdvance` sends it when it did not.
 */
export const anticiposApi = {
  set: endpoint({ method: 'PUT', path: '/facturas/:id/anticipo', auth: 'user', body: anticipoAplicarSchema, response: facturaReply }),
  stampAdvance: endpoint({ method: 'POST', path: '/facturas/:id/anticipo/cfdi', auth: 'user', response: cfdiReply }),
};

/** The factura global (público en general) of a period: what it would hold, issue it, retry one not confirmed, download it, cancel it. */
export const globalesApi = {
  list: endpoint({ method: 'GET', path: '/cfdi/globales', auth: 'user', response: z.strictObject({ items: z.array(facturaGlobalOutSchema) }) }),
  preview: endpoint({ method: 'GET', path: '/cfdi/globales/recibos', auth: 'user', query: facturaGlobalSchema, response: globalPreviewSchema }),
  create: endpoint({ method: 'POST', path: '/cfdi/globales', auth: 'user', body: facturaGlobalSchema, response: z.strictObject({ global: facturaGlobalOutSchema }) }),
  resume: endpoint({ method: 'POST', path: '/cfdi/globales/:id/resume', auth: 'user', response: z.strictObject({ global: facturaGlobalOutSchema }) }),
  /** 'Cancelar factura global': asked of the SAT with its motivo; once cancelled, its receipts are free again. */
  cancel: endpoint({ method: 'POST', path: '/cfdi/globales/:id/cancel', auth: 'user', body: globalCancelSchema, response: z.strictObject({ global: facturaGlobalOutSchema }) }),
  /** 'Consultar estado en el SAT' of a global whose cancellation is in process. */
  refresh: endpoint({ method: 'POST', path: '/cfdi/globales/:id/estado', auth: 'user', response: z.strictObject({ global: facturaGlobalOutSchema }) }),
  xml: endpoint({ method: 'GET', path: '/cfdi/globales/:id/xml', auth: 'user', response: 'file' }),
  pdf: endpoint({ method: 'GET', path: '/cfdi/globales/:id/pdf', auth: 'user', response: 'file' }),
};

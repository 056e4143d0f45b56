import { endpoint } from '../endpoint';
import {
  facturaCancelSchema,
  facturaCreateSchema,
  facturaDetalleSchema,
  facturaListQuerySchema,
  facturaReply,
  facturaSchema,
  facturaStatusSchema,
  facturaSummarySchema,
  facturaUpdateSchema,
} from '../facturas';
import { itemsOf, pageOf } from '../common';
import { z } from '../zod';

/** The facturas endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const facturasApi = {
  /** One page of the filtered invoices (newest issue date first) with the four cards' figures. */
  list: endpoint({
    method: 'GET',
    path: '/facturas',
    auth: 'user',
    query: facturaListQuerySchema,
    response: pageOf(facturaSchema).extend({ resumen: facturaSummarySchema }),
  }),
  /** 'Exportar CSV': every filtered invoice, facturas_{timestamp}.csv. */
  exportCsv: endpoint({ method: 'GET', path: '/facturas/export', auth: 'user', query: facturaListQuerySchema, response: 'file' }),
  /** The clients an invoice can name (named ones only, by name). */
  clients: endpoint({
    method: 'GET',
    path: '/facturas/clientes',
    auth: 'user',
    response: itemsOf(z.strictObject({ id: z.string(), nombre: z.string(), rfc: z.string().nullable(), regimen_fiscal: z.string().nullable() })),
  }),
  create: endpoint({ method: 'POST', path: '/facturas', auth: 'user', body: facturaCreateSchema, response: facturaReply, status: 201 }),
  /** One invoice with its payments, billed time and history. */
  get: endpoint({ method: 'GET', path: '/facturas/:id', auth: 'user', response: facturaDetalleSchema }),
  /** 'Editar factura': the figures of a pendiente invoice with nothing paid. */
  update: endpoint({ method: 'PUT', path: '/facturas/:id', auth: 'user', body: facturaUpdateSchema, response: facturaReply }),
  updateStatus: endpoint({ method: 'PATCH', path: '/facturas/:id', auth: 'user', body: facturaStatusSchema, response: facturaReply }),
  /** 'Cancelar factura': the number is kept (never reused), its time entries are unbilled again, the reason goes to its history. */
  cancel: endpoint({ method: 'POST', path: '/facturas/:id/cancel', auth: 'user', body: facturaCancelSchema, response: facturaReply }),
  /** The receipt PDF ('Recibo de honorarios', not a CFDI). */
  pdf: endpoint({ method: 'GET', path: '/facturas/:id/pdf', auth: 'user', response: 'file' }),
  /** A credit note's printed CFDI de egreso. */
  creditNotePdf: endpoint({ method: 'GET', path: '/facturas/:id/notas-credito/:nota/pdf', auth: 'user', response: 'file' }),
  /** Emails the receipt to the invoice's client (counts against the per-lawyer email limits). */
  email: endpoint({ method: 'POST', path: '/facturas/:id/email', auth: 'user', response: z.strictObject({ message: z.string() }) }),
};

import { facturasApi } from '@bufete/shared';
import { generatedFile } from '../../http/file-response';
import type { Router } from '../../http/route';
import type { InvoiceService } from './service';

export function invoiceRoutes({ on }: Router, { invoices }: { invoices: InvoiceService }) {
  on(facturasApi.list, async ({ user, query }) => invoices.list(user.id, query));
  on(facturasApi.clients, async ({ user }) => ({ items: await invoices.clientChoices(user.id) }));
  on(facturasApi.create, async ({ user, body }) => ({ factura: await invoices.create(user.id, body) }));
  on(facturasApi.update, async ({ user, params, body }) => ({ factura: await invoices.update(user.id, params.id, body) }));
  on(facturasApi.updateStatus, async ({ user, params, body }) => ({ factura: await invoices.updateStatus(user.id, params.id, body) }));
  on(facturasApi.cancel, async ({ user, params, body }) => ({ factura: await invoices.cancel(user.id, params.id, body.motivo) }));
  on(facturasApi.email, async ({ user, params }) => ({ message: await invoices.email(user.id, params.id) }));
  on(facturasApi.exportCsv, async ({ user, query }) => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return generatedFile(await invoices.exportCsv(user.id, query), { type: 'text/csv; charset=utf-8', name: `facturas_${stamp}.csv` });
  });
  // After '/facturas/export' and '/facturas/clientes': those are not an invoice's id.
  on(facturasApi.get, async ({ user, params }) => invoices.detail(user.id, params.id));
  on(facturasApi.pdf, async ({ user, params }) => {
    const { numero, bytes } = await invoices.pdf(user.id, params.id);
    // Shown in the browser's viewer, sandboxed.
    return generatedFile(new Uint8Array(bytes), { type: 'application/pdf', name: `${numero}.pdf`, inline: true });
  });
  on(facturasApi.creditNotePdf, async ({ user, params }) => {
    const { numero, bytes } = await invoices.creditNotePdf(user.id, params.id, params.nota);
    return generatedFile(new Uint8Array(bytes), { type: 'application/pdf', name: `${numero}.pdf`, inline: true });
  });
}

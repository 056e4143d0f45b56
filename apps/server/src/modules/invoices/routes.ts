import { facturasApi } from '@bufete/shared';
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
    const csv = await invoices.exportCsv(user.id, query);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="facturas_${stamp}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  // After '/facturas/export' and '/facturas/clientes': those are not an invoice's id.
  on(facturasApi.get, async ({ user, params }) => invoices.detail(user.id, params.id));
  on(facturasApi.sealedXml, async ({ user, params }) => {
    const { numero, xml } = await invoices.sealedCfdi(user.id, params.id);
    return new Response(xml, {
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${numero}-sellado-sin-timbrar.xml"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  on(facturasApi.pdf, async ({ user, params }) => {
    const { numero, bytes } = await invoices.pdf(user.id, params.id);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${numero}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
      },
    });
  });
}

import { facturasApi, facturasCfdiApi, MSG } from '@bufete/shared';
import type { RateLimiter } from '../../http/rate-limit';
import { generatedFile } from '../../http/file-response';
import type { Router } from '../../http/route';
import type { InvoiceService } from './service';
import type { TimbradoService } from './timbrado';

export function invoiceRoutes({ on }: Router, { invoices, timbrado, cfdiLimiter }: { invoices: InvoiceService; timbrado: TimbradoService; cfdiLimiter: RateLimiter }) {
  // Sealing costs CPU (an RSA signature) and stamping the lawyer's PAC credits: bounded per lawyer.
  const cfdiWork = { before: async (_c: unknown, user: { id: string } | null) => cfdiLimiter.hit(`cfdi:${user!.id}`, MSG.cfdi.demasiadas) };
  on(facturasApi.list, async ({ user, query }) => invoices.list(user.id, query));
  on(facturasApi.clients, async ({ user }) => ({ items: await invoices.clientChoices(user.id) }));
  on(facturasApi.create, async ({ user, body }) => ({ factura: await invoices.create(user.id, body) }));
  on(facturasApi.update, async ({ user, params, body }) => ({ factura: await invoices.update(user.id, params.id, body) }));
  on(facturasApi.updateStatus, async ({ user, params, body }) => {
    await invoices.updateStatus(user.id, params.id, body);
    // A payment of a stamped PPD invoice gets its Complemento de Pago now (or a button to try again).
    await timbrado.complementsDue(user.id, params.id);
    return { factura: await invoices.get(user.id, params.id) };
  });
  on(facturasApi.cancel, async ({ user, params, body }) => ({ factura: await invoices.cancel(user.id, params.id, body.motivo) }));
  on(facturasApi.email, async ({ user, params }) => ({ message: await invoices.email(user.id, params.id) }));
  on(facturasApi.exportCsv, async ({ user, query }) => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return generatedFile(await invoices.exportCsv(user.id, query), { type: 'text/csv; charset=utf-8', name: `facturas_${stamp}.csv` });
  });
  // After '/facturas/export' and '/facturas/clientes': those are not an invoice's id.
  on(facturasApi.get, async ({ user, params }) => invoices.detail(user.id, params.id));
  on(
    facturasApi.sealedXml,
    async ({ user, params }) => {
      const { numero, xml } = await invoices.sealedCfdi(user.id, params.id);
      return generatedFile(xml, { type: 'application/xml; charset=utf-8', name: `${numero}-sellado-sin-timbrar.xml` });
    },
    cfdiWork,
  );
  on(facturasApi.pdf, async ({ user, params }) => {
    const { numero, bytes } = await invoices.pdf(user.id, params.id);
    // Shown in the browser's viewer, sandboxed.
    return generatedFile(new Uint8Array(bytes), { type: 'application/pdf', name: `${numero}.pdf`, inline: true });
  });
  on(facturasCfdiApi.stamp, async ({ user, params }) => ({ cfdi: await timbrado.stamp(user.id, params.id) }), cfdiWork);
  on(facturasCfdiApi.stampPago, async ({ user, params }) => ({ cfdi: await timbrado.stampPago(user.id, params.id, params.pago) }), cfdiWork);
  on(facturasCfdiApi.cancel, async ({ user, params, body }) => ({ cfdi: await timbrado.cancel(user.id, params.id, params.cfdi, body) }), cfdiWork);
  on(facturasCfdiApi.refresh, async ({ user, params }) => ({ cfdi: await timbrado.refresh(user.id, params.id, params.cfdi) }), cfdiWork);
  on(facturasCfdiApi.xml, async ({ user, params }) => {
    const { name, xml } = await timbrado.xml(user.id, params.id, params.cfdi);
    return generatedFile(xml, { type: 'application/xml; charset=utf-8', name });
  });
}

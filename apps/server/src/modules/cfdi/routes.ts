import { anticiposApi, cfdiApi, facturasCfdiApi, globalesApi, MSG } from '@bufete/shared';
import { generatedFile } from '../../http/file-response';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { CfdiService } from './service';
import type { StampingService } from './stamping';
import type { GlobalInvoiceService } from './global';
import type { InvoiceService } from '../invoices/service';

export function cfdiRoutes(
  { on }: Router,
  {
    cfdi,
    stamping,
    globals,
    invoices,
    limiter,
  }: { cfdi: CfdiService; stamping: StampingService; globals: GlobalInvoiceService; invoices: Pick<InvoiceService, 'setAdvance'>; limiter: RateLimiter },
) {
  // Sealing costs CPU (an RSA signature, a key's derivation) and stamping the lawyer's PAC credits: one budget per lawyer.
  const cfdiWork = { before: async (_c: unknown, user: { id: string } | null) => limiter.hit(`cfdi:${user!.id}`, MSG.cfdi.demasiadas) };

  // The lawyer's CSD and PAC account.
  on(cfdiApi.csd, async ({ user }) => ({ csd: await cfdi.csd(user.id) }));
  on(cfdiApi.saveCsd, async ({ user, body }) => ({ csd: await cfdi.saveCsd(user.id, body) }), cfdiWork);
  on(cfdiApi.deleteCsd, async ({ user }) => {
    await cfdi.deleteCsd(user.id);
    return { ok: true as const };
  });
  on(cfdiApi.pac, async ({ user }) => cfdi.pacStatus(user.id));
  on(cfdiApi.savePac, async ({ user, body }) => cfdi.savePac(user.id, body), cfdiWork);
  on(cfdiApi.deletePac, async ({ user }) => cfdi.deletePac(user.id));
  // Each test calls the PAC.
  on(cfdiApi.testPac, async ({ user }) => cfdi.testPac(user.id), cfdiWork);

  // An invoice's CFDI.
  on(
    facturasCfdiApi.sealedXml,
    async ({ user, params }) => {
      const { numero, xml } = await stamping.sealedXml(user.id, params.id);
      return generatedFile(xml, { type: 'application/xml; charset=utf-8', name: `${numero}-sellado-sin-timbrar.xml` });
    },
    cfdiWork,
  );
  on(facturasCfdiApi.stamp, async ({ user, params }) => ({ cfdi: await stamping.stamp(user.id, params.id) }), cfdiWork);
  on(facturasCfdiApi.stampPago, async ({ user, params, body }) => ({ cfdi: await stamping.stampPago(user.id, params.id, params.pago, body?.forma_pago ?? null) }), cfdiWork);
  on(facturasCfdiApi.cancel, async ({ user, params, body }) => ({ cfdi: await stamping.cancel(user.id, params.id, params.cfdi, body) }), cfdiWork);
  on(facturasCfdiApi.refresh, async ({ user, params }) => ({ cfdi: await stamping.refresh(user.id, params.id, params.cfdi) }), cfdiWork);
  on(facturasCfdiApi.creditNote, async ({ user, params, body }) => ({ cfdi: await stamping.issueCreditNote(user.id, params.id, body) }), cfdiWork);
  on(facturasCfdiApi.stampCreditNote, async ({ user, params }) => ({ cfdi: await stamping.stampCreditNote(user.id, params.id, params.nota) }), cfdiWork);
  on(facturasCfdiApi.substitute, async ({ user, params, body }) => ({ sustitucion: await stamping.substitute(user.id, params.id, body) }), cfdiWork);
  on(facturasCfdiApi.resumeSubstitution, async ({ user, params }) => ({ sustitucion: await stamping.resumeSubstitution(user.id, params.id) }), cfdiWork);
  on(facturasCfdiApi.xml, async ({ user, params }) => {
    const { name, xml } = await stamping.xml(user.id, params.id, params.cfdi);
    return generatedFile(xml, { type: 'application/xml; charset=utf-8', name });
  });

  // Advances: the one a final invoice applies, and the application's CFDI de egreso when it did not follow the stamp.
  on(anticiposApi.set, async ({ user, params, body }) => ({ factura: await invoices.setAdvance(user.id, params.id, body.anticipo_id) }));
  on(anticiposApi.stampAdvance, async ({ user, params }) => ({ cfdi: await stamping.applyAdvance(user.id, params.id) }), cfdiWork);

  // The factura global of a period.
  on(globalesApi.list, async ({ user }) => ({ items: await globals.list(user.id) }));
  on(globalesApi.preview, async ({ user, query }) => globals.preview(user.id, query));
  on(globalesApi.create, async ({ user, body }) => ({ global: await globals.issue(user.id, body) }), cfdiWork);
  on(globalesApi.resume, async ({ user, params }) => ({ global: await globals.resume(user.id, params.id) }), cfdiWork);
  on(globalesApi.cancel, async ({ user, params, body }) => ({ global: await globals.cancel(user.id, params.id, body) }), cfdiWork);
  on(globalesApi.refresh, async ({ user, params }) => ({ global: await globals.refresh(user.id, params.id) }), cfdiWork);
  on(globalesApi.xml, async ({ user, params }) => {
    const { name, xml } = await globals.xml(user.id, params.id);
    return generatedFile(xml, { type: 'application/xml; charset=utf-8', name });
  });
  on(
    globalesApi.pdf,
    async ({ user, params }) => {
      const { numero, bytes } = await globals.pdf(user.id, params.id);
      return generatedFile(bytes, { type: 'application/pdf', name: `${numero}.pdf` });
    },
    cfdiWork,
  );
}

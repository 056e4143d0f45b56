import { centavosOf, type Factura, moneyString, MSG, NOTA_CREDITO_MOTIVO_LABEL, taxesOf } from '@bufete/shared';
import { appError, notFound } from '../../http/errors';
import { toPago } from './mappers';
import type { InvoiceQueries } from './queries';
import { receiptPdf } from './receipt';
import type { CfdiImpreso } from './receipt-cfdi';
import type { InvoiceServiceDeps } from './deps';

/**
 * What invoicing prints: an invoice's PDF (its CFDI's printed version once
 * stamped), a credit note's, and a factura global's, all in the receipt's
 * layout (receipt.ts).
 */
export function createInvoicePrinting(deps: InvoiceServiceDeps, queries: InvoiceQueries, get: (userId: string, id: string) => Promise<Factura>) {
  return {
    async pdf(userId: string, id: string): Promise<{ numero: string; bytes: Buffer }> {
      const factura = await get(userId, id);
      const [lawyer, profile, cliente, entradas, pagos, timeZone, cfdi] = await Promise.all([
        deps.profiles.signature(userId),
        deps.profiles.fiscalOf(userId),
        factura.cliente ? deps.clients.get(userId, factura.cliente.id) : Promise.resolve(null),
        deps.time.entriesOfInvoice(userId, id),
        queries.pagosOf(userId, id),
        deps.profiles.timeZoneOf(userId),
        // Stamped, the PDF is its CFDI's printed version.
        deps.cfdi.printed(userId, id),
      ]);
      const bytes = await receiptPdf({ factura, lawyer, profile, cliente, entradas, pagos: pagos.map(toPago).reverse(), timeZone, cfdi });
      return { numero: factura.numero_factura, bytes };
    },

    /**
     * A credit note's PDF: its CFDI de egreso's printed version (the QR, the
     * seals, the CFDI it relates), its amounts with the invoice's taxes.
     */
    async creditNotePdf(userId: string, id: string, notaId: string): Promise<{ numero: string; bytes: Buffer }> {
      const factura = await get(userId, id);
      const nota = (await queries.creditNotesOf(userId, id)).find((item) => item.id === notaId);
      if (!nota) throw notFound();
      const [lawyer, profile, cliente, timeZone, cfdi] = await Promise.all([
        deps.profiles.signature(userId),
        deps.profiles.fiscalOf(userId),
        factura.cliente ? deps.clients.get(userId, factura.cliente.id) : Promise.resolve(null),
        deps.profiles.timeZoneOf(userId),
        deps.cfdi.printedCreditNote(userId, notaId),
      ]);
      if (!cfdi) throw appError('CFDI_CONFLICT', MSG.cfdi.sinTimbrar);
      const impuestos = factura.impuestos ? { iva: factura.impuestos.iva !== '0.00', retencion: factura.impuestos.retencion } : null;
      const amounts = taxesOf(centavosOf(nota.subtotal) ?? 0, impuestos ?? { iva: false, retencion: 'ninguna' });
      const numero = `${factura.numero_factura}-NC${nota.numero}`;
      const comoFactura: Factura = {
        ...factura,
        numero_factura: numero,
        concepto: `${NOTA_CREDITO_MOTIVO_LABEL[nota.motivo]} sobre ${factura.numero_factura}${nota.descripcion ? `: ${nota.descripcion}` : ''}`,
        tarifa_por_hora: null,
        horas_trabajadas: null,
        fecha_vencimiento: null,
        notas: null,
        cancelacion: null,
        monto_total: nota.total,
        impuestos:
          impuestos && factura.impuestos
            ? {
                subtotal: moneyString(amounts.subtotal),
                iva: moneyString(amounts.iva),
                isr_retenido: moneyString(amounts.isrRetenido),
                iva_retenido: moneyString(amounts.ivaRetenido),
                retencion: factura.impuestos.retencion,
              }
            : null,
      };
      const bytes = await receiptPdf({ factura: comoFactura, lawyer, profile, cliente, entradas: [], pagos: [], timeZone, cfdi, notaCredito: true });
      return { numero, bytes };
    },

    /**
     * A factura global's PDF (the CFDI module passes what its CFDI says): its
     * printed CFDI with público en general as receptor, its totals and the
     * receipts it holds, in the receipt's layout.
     */
    async printGlobal(
      userId: string,
      input: { numero: string; subtotal: string; total: string; recibos: { numero: string; importe: string }[]; cfdi: CfdiImpreso },
    ): Promise<Buffer> {
      const [lawyer, profile, timeZone] = await Promise.all([deps.profiles.signature(userId), deps.profiles.fiscalOf(userId), deps.profiles.timeZoneOf(userId)]);
      const subtotal = centavosOf(input.subtotal) ?? 0;
      const total = centavosOf(input.total) ?? 0;
      const comoFactura: Factura = {
        id: input.numero,
        numero_factura: input.numero,
        cliente: null,
        fecha_emision: input.cfdi.campos.find(([label]) => label === 'Fecha y hora de emisión')?.[1].slice(0, 10) ?? '',
        fecha_vencimiento: null,
        concepto: `Operaciones con el público en general: ${input.recibos.length} ${input.recibos.length === 1 ? 'recibo' : 'recibos'} sin CFDI de clientes que no pidieron factura.`,
        tarifa_por_hora: null,
        horas_trabajadas: null,
        monto_total: moneyString(total),
        monto_pagado: moneyString(total),
        monto_acreditado: '0.00',
        estado: 'pagada',
        notas: null,
        impuestos: { subtotal: moneyString(subtotal), iva: moneyString(total - subtotal), isr_retenido: '0.00', iva_retenido: '0.00', retencion: 'ninguna' },
        ultimo_pago: null,
        cancelacion: null,
        cfdi: { uuid: input.cfdi.uuid, estado: input.cfdi.estado },
        editable: false,
        vencida: false,
        anticipo: false,
        anticipo_aplicado_id: null,
        factura_global_id: null,
        created_at: new Date().toISOString(),
      };
      return receiptPdf({ factura: comoFactura, lawyer, profile, cliente: null, entradas: [], pagos: [], timeZone, cfdi: input.cfdi, recibos: input.recibos });
    },
  };
}

import { MSG } from '@bufete/shared';
import { appError, notFound } from '../../http/errors';
import type { NotaCreditoRow } from '../invoices/service';
import { comprobanteEgresoOf, comprobanteOf, comprobantePagoOf } from './invoice-comprobante';
import type { StampingDeps } from './stamping-deps';
import type { CfdiRow, StampQueries } from './stamp-queries';
import type { Timbrado } from './timbre';

/**
 * An invoice's CFDI built and sealed with the lawyer's CSD, not stamped: its
 * CFDI de Ingreso (related to the one it replaces or the advance it applies),
 * a credit note's CFDI de egreso, a payment's Complemento de Pago.
 */
export function createSealing(deps: StampingDeps, queries: StampQueries) {
  /** The invoice as a CFDI 4.0 de Ingreso sealed with the lawyer's CSD, not stamped. */
  async function sealedIngreso(userId: string, facturaId: string): Promise<{ numero: string; xml: string }> {
    const factura = await deps.invoices.get(userId, facturaId);
    const [cliente, fiscal, pagos] = await Promise.all([
      factura.cliente ? deps.clients.get(userId, factura.cliente.id) : Promise.resolve(null),
      deps.profiles.fiscalOf(userId),
      deps.invoices.pagos(userId, facturaId),
    ]);
    const input = comprobanteOf({ factura, cliente, fiscal, pagos, now: new Date() });
    // A substitute relates the CFDI it replaces (TipoRelacion 04): the one cancelled with motivo 01 naming it.
    const { original } = await deps.invoices.substitutionLinks(userId, facturaId);
    const replaced = original ? await stampedIngresoOf(userId, original.id) : null;
    let relacionados = replaced?.uuid ? { tipoRelacion: '04', uuids: [replaced.uuid] } : null;
    // A final invoice that applies an advance relates the advance's CFDI (Apéndice 6, A.II: TipoRelacion 07).
    if (factura.anticipo_aplicado_id) {
      const anticipo = await queries.live(userId, factura.anticipo_aplicado_id);
      if (anticipo?.estado !== 'vigente' || !anticipo.uuid) throw appError('CFDI_CONFLICT', MSG.cfdi.anticipoNoDisponible);
      relacionados = { tipoRelacion: '07', uuids: [anticipo.uuid] };
    }
    return { numero: factura.numero_factura, xml: (await deps.cfdi.sealIngreso(userId, { ...input, relacionados })).xml };
  }

  /**
   * A credit note as its CFDI de egreso (Anexo 20, Apéndice 5): related 01 to
   * the invoice's stamped CFDI, PUE, the form it is given with, the invoice's
   * receptor and concept's clave with its taxes on the amount credited.
   */
  async function sealedEgreso(userId: string, facturaId: string, nota: NotaCreditoRow, ingreso: Timbrado): Promise<string> {
    const [factura, fiscal] = await Promise.all([deps.invoices.get(userId, facturaId), deps.profiles.fiscalOf(userId)]);
    const input = comprobanteEgresoOf({ factura, ingreso, fiscal, nota, now: new Date() });
    return (await deps.cfdi.sealIngreso(userId, input)).xml;
  }

  /** An invoice's CFDI de Ingreso with a folio fiscal: the valid one, else the latest (cancelled, or being cancelled). */
  async function stampedIngresoOf(userId: string, facturaId: string): Promise<CfdiRow | null> {
    const rows = (await queries.ofFactura(userId, facturaId)).filter((row) => row.tipo === 'I' && row.uuid);
    return rows.find((row) => row.estado !== 'cancelado') ?? rows[0] ?? null;
  }

  /** The Complemento de Pago of one of the invoice's payments, sealed, for its stamped CFDI de Ingreso `ingreso`. */
  async function sealedComplemento(userId: string, facturaId: string, pagoId: string, ingreso: Timbrado): Promise<string> {
    const [factura, fiscal, pagos] = await Promise.all([deps.invoices.get(userId, facturaId), deps.profiles.fiscalOf(userId), deps.invoices.pagos(userId, facturaId)]);
    if (!pagos.some((pago) => pago.id === pagoId)) throw notFound();
    const input = comprobantePagoOf({ factura, ingreso, fiscal, pagos: [...pagos].reverse(), pagoId, now: new Date() });
    return (await deps.cfdi.sealPago(userId, input)).xml;
  }

  return { sealedIngreso, sealedEgreso, sealedComplemento, stampedIngresoOf };
}

export type Sealing = ReturnType<typeof createSealing>;

import type { CfdiComprobante } from '@bufete/shared';
import type { CfdiRow } from './stamp-queries';
import { readComprobante } from './timbre';

/** A CFDI of an invoice as the contract sends it (its serie, folio and total read from the XML itself). */
export function toCfdiComprobante(row: CfdiRow, notas: Map<string, { id: string; motivo: string; descripcion: string | null }> = new Map()): CfdiComprobante {
  const { serie, folio, total, metodoPago } = readComprobante(row.xml);
  return {
    id: row.id,
    tipo: row.tipo,
    pago_id: row.pagoId,
    nota_credito: row.notaCreditoId ? (notas.get(row.notaCreditoId) ?? { id: row.notaCreditoId, motivo: '', descripcion: null }) : null,
    estado: row.estado,
    uuid: row.uuid,
    fecha_timbrado: row.fechaTimbrado?.toISOString() ?? null,
    serie,
    folio,
    total,
    metodo_pago: metodoPago,
    cancelacion:
      row.motivoCancelacion && row.cancelacionSolicitadaAt
        ? { motivo: row.motivoCancelacion, folio_sustitucion: row.folioSustitucion, solicitada: row.cancelacionSolicitadaAt.toISOString() }
        : null,
    estatus_sat: row.estatusSat,
    consultado_at: row.consultadoAt?.toISOString() ?? null,
  };
}

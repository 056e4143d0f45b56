import type { CfdiComprobante, CfdiEstado, Factura, Pago } from '@bufete/shared';
import { readComprobante } from '../cfdi/service';
import type { ListRow } from './queries';
import type { pagos } from './schema';
import type { CfdiRow } from './timbrado-queries';

/** A stored invoice as the contract sends it; `today` (the lawyer's) decides 'Vencida'. */
export function toFactura(row: ListRow, today: string): Factura {
  const { factura } = row;
  const [fechaPago, formaPago] = row.ultimoPago?.split(' ') ?? [];
  const abierta = factura.estado === 'pendiente' || factura.estado === 'pagada_parcialmente';
  const [cfdiEstado, cfdiUuid] = row.cfdi?.split(' ') ?? [];
  const cfdi = cfdiEstado ? { estado: cfdiEstado as CfdiEstado, uuid: cfdiUuid || null } : null;
  return {
    id: factura.id,
    numero_factura: factura.numeroFactura,
    cliente: factura.clienteId && row.clienteNombre !== null ? { id: factura.clienteId, nombre: row.clienteNombre, email: row.clienteEmail } : null,
    fecha_emision: factura.fechaEmision,
    fecha_vencimiento: factura.fechaVencimiento,
    concepto: factura.concepto,
    tarifa_por_hora: factura.tarifaPorHora,
    horas_trabajadas: factura.horasTrabajadas,
    monto_total: factura.montoTotal,
    monto_pagado: factura.montoPagado,
    estado: factura.estado,
    notas: factura.notas,
    impuestos:
      factura.subtotal !== null
        ? {
            subtotal: factura.subtotal,
            iva: factura.iva ?? '0.00',
            isr_retenido: factura.isrRetenido ?? '0.00',
            iva_retenido: factura.ivaRetenido ?? '0.00',
            retencion: factura.retencion ?? 'ninguna',
          }
        : null,
    ultimo_pago: fechaPago && formaPago ? { fecha: fechaPago, forma_pago: formaPago } : null,
    cancelacion: factura.canceladaAt ? { fecha: factura.canceladaAt.toISOString(), motivo: factura.motivoCancelacion ?? '' } : null,
    cfdi,
    // A stamped CFDI fixes the figures until it is cancelled.
    editable: factura.estado === 'pendiente' && Number(factura.montoPagado) === 0 && (!cfdi || cfdi.estado === 'cancelado'),
    vencida: abierta && !!factura.fechaVencimiento && factura.fechaVencimiento < today,
    created_at: factura.createdAt.toISOString(),
  };
}

export const toPago = (row: typeof pagos.$inferSelect): Pago => ({ id: row.id, fecha: row.fecha, monto: row.monto, forma_pago: row.formaPago });

/** A CFDI of an invoice as the contract sends it (its serie, folio and total read from the XML itself). */
export function toCfdiComprobante(row: CfdiRow): CfdiComprobante {
  const { serie, folio, total, metodoPago } = readComprobante(row.xml);
  return {
    id: row.id,
    tipo: row.tipo,
    pago_id: row.pagoId,
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

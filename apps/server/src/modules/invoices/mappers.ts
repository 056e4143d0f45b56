import type { Factura, Pago } from '@bufete/shared';
import type { ListRow } from './queries';
import type { pagos } from './schema';

/** A stored invoice as the contract sends it; `today` (the lawyer's) decides 'Vencida'; its CFDI is its latest CFDI de Ingreso. */
export function toFactura(factura: ListRow, today: string): Factura {
  const cfdi = factura.cfdiEstado ? { estado: factura.cfdiEstado, uuid: factura.cfdiUuid } : null;
  const [fechaPago, formaPago] = factura.ultimoPago?.split(' ') ?? [];
  const abierta = factura.estado === 'pendiente' || factura.estado === 'pagada_parcialmente';
  return {
    id: factura.id,
    numero_factura: factura.numeroFactura,
    cliente: factura.clienteId && factura.clienteNombre !== null ? { id: factura.clienteId, nombre: factura.clienteNombre, email: factura.clienteEmail } : null,
    fecha_emision: factura.fechaEmision,
    fecha_vencimiento: factura.fechaVencimiento,
    concepto: factura.concepto,
    tarifa_por_hora: factura.tarifaPorHora,
    horas_trabajadas: factura.horasTrabajadas,
    monto_total: factura.montoTotal,
    monto_pagado: factura.montoPagado,
    monto_acreditado: factura.montoAcreditado,
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
    cancelacion: factura.canceladaAt ? { fecha: factura.canceladaAt, motivo: factura.motivoCancelacion ?? '' } : null,
    cfdi,
    // A stamped CFDI fixes the figures until it is cancelled.
    editable: factura.estado === 'pendiente' && Number(factura.montoPagado) === 0 && (!cfdi || cfdi.estado === 'cancelado'),
    vencida: abierta && !!factura.fechaVencimiento && factura.fechaVencimiento < today,
    anticipo: factura.anticipo,
    anticipo_aplicado_id: factura.anticipoAplicadoId,
    factura_global_id: factura.facturaGlobalId,
    created_at: factura.createdAt,
  };
}

export const toPago = (row: typeof pagos.$inferSelect): Pago => ({ id: row.id, fecha: row.fecha, monto: row.monto, forma_pago: row.formaPago });

import type { Factura } from '@bufete/shared';
import { centavosOf, diaMx, formatMXN } from '@bufete/shared';

/** The history's names of an invoice's fields. */
export const FIELD_LABELS = {
  cliente: 'Cliente',
  fecha_emision: 'Fecha de emisión',
  fecha_vencimiento: 'Fecha de vencimiento',
  concepto: 'Concepto',
  tarifa_por_hora: 'Tarifa por hora',
  horas_trabajadas: 'Horas trabajadas',
  monto_total: 'Monto total',
  impuestos: 'Impuestos',
  notas: 'Notas',
} as const;

/** An invoice's fields as the history compares them. */
export function invoiceAsRecorded(factura: Factura) {
  return {
    cliente: factura.cliente?.nombre ?? null,
    fecha_emision: diaMx(factura.fecha_emision),
    fecha_vencimiento: factura.fecha_vencimiento ? diaMx(factura.fecha_vencimiento) : null,
    concepto: factura.concepto,
    tarifa_por_hora: factura.tarifa_por_hora,
    horas_trabajadas: factura.horas_trabajadas,
    monto_total: formatMXN(factura.monto_total),
    impuestos: factura.impuestos
      ? `IVA ${formatMXN(factura.impuestos.iva)}, retenciones ${formatMXN(Number(centavosOf(factura.impuestos.isr_retenido)) + Number(centavosOf(factura.impuestos.iva_retenido)))}`
      : 'Sin impuestos',
    notas: factura.notas,
  };
}

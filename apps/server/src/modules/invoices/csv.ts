import { CFDI_ESTADO_LABEL, diaMx, FACTURA_ESTADO_LABEL, formaPagoNombre } from '@bufete/shared';
import { stringify } from 'csv-stringify/sync';
import { csvSafe } from '../../files/csv-safe';
import type { ListRow } from './queries';

const COLUMNS = [
  'Número',
  'Cliente',
  'Fecha Emisión',
  'Concepto',
  'Subtotal',
  'IVA',
  'ISR retenido',
  'IVA retenido',
  'Monto Total',
  'Monto Pagado',
  'Notas de crédito',
  'Estado',
  'Fecha de pago',
  'Forma de pago',
  'Folio fiscal (UUID)',
  'Estado del CFDI',
];

/**
 * 'Exportar CSV': the spec's columns with the tax breakdown between the
 * concept and the total (an invoice without taxes has its total as subtotal),
 * what its credit notes took off after what was paid,
 * the latest payment's day and form, and its CFDI's folio fiscal and state at the end. Days as dd/mm/aaaa,
 * amounts with a dot (es-MX); UTF-8 with BOM and CRLF so Excel in Spanish
 * keeps the accents.
 */
export function invoicesCsv(rows: ListRow[]): string {
  const records = rows.map((factura) => {
    const { clienteNombre, ultimoPago } = factura;
    const [fechaPago, formaPago] = ultimoPago?.split(' ') ?? [];
    const cfdi = factura.cfdiEstado ? { estado: factura.cfdiEstado, uuid: factura.cfdiUuid } : null;
    return [
      factura.numeroFactura,
      clienteNombre ?? 'Sin cliente',
      diaMx(factura.fechaEmision),
      factura.concepto,
      factura.subtotal ?? factura.montoTotal,
      factura.iva ?? '0.00',
      factura.isrRetenido ?? '0.00',
      factura.ivaRetenido ?? '0.00',
      factura.montoTotal,
      factura.montoPagado,
      factura.montoAcreditado,
      FACTURA_ESTADO_LABEL[factura.estado],
      fechaPago ? diaMx(fechaPago) : '',
      formaPago ? formaPagoNombre(formaPago) : '',
      cfdi?.uuid ?? '',
      cfdi ? CFDI_ESTADO_LABEL[cfdi.estado] : '',
    ].map(csvSafe);
  });
  return `\uFEFF${stringify([COLUMNS, ...records], { record_delimiter: '\r\n' })}`;
}

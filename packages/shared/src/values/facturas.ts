/** Plain values of the facturas area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** Payment states of an invoice (spec part 2): a new invoice may start in any, the status dialog moves between them. */
export const FACTURA_ESTADOS = ['pendiente', 'pagada_parcialmente', 'pagada'] as const;
export type FacturaEstado = (typeof FACTURA_ESTADOS)[number];
/** Every state a stored invoice can be in: the spec's three, or cancelled (Bufete: its number is never reused). */
export const FACTURA_ESTADOS_REGISTRO = [...FACTURA_ESTADOS, 'cancelada'] as const;
export type FacturaEstadoRegistro = (typeof FACTURA_ESTADOS_REGISTRO)[number];
/** The status select's texts, and the badge's. */
export const FACTURA_ESTADO_LABEL: Record<FacturaEstadoRegistro, string> = {
  pendiente: 'Pendiente',
  pagada_parcialmente: 'Pagada Parcialmente',
  pagada: 'Pagada',
  cancelada: 'Cancelada',
};
export const FACTURA_ESTADO_BADGE: Record<FacturaEstadoRegistro, string> = { pendiente: 'Pendiente', pagada_parcialmente: 'Parcial', pagada: 'Pagada', cancelada: 'Cancelada' };

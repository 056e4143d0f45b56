/** Plain values of the cfdi area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/**
 * Where an invoice's CFDI stands: sent to the PAC with no answer yet
 * (pendiente: trying again sends the same one), stamped and valid, asked to
 * be cancelled while the receptor may still answer, cancelled.
 */
export const CFDI_ESTADOS = ['pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado'] as const;
export type CfdiEstado = (typeof CFDI_ESTADOS)[number];
export const CFDI_ESTADO_LABEL: Record<CfdiEstado, string> = {
  pendiente: 'Timbrado sin confirmar',
  vigente: 'Vigente',
  cancelacion_en_proceso: 'Cancelación en proceso',
  cancelado: 'Cancelado',
};

/** c_Motivo: the SAT's reasons to cancel a CFDI (since 2022). */
export const MOTIVOS_CANCELACION_CFDI = [
  { clave: '01', nombre: 'Comprobante emitido con errores con relación' },
  { clave: '02', nombre: 'Comprobante emitido con errores sin relación' },
  { clave: '03', nombre: 'No se llevó a cabo la operación' },
  { clave: '04', nombre: 'Operación nominativa relacionada en una factura global' },
] as const;

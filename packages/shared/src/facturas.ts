import { FACTURA_ESTADOS, FACTURA_ESTADOS_REGISTRO } from './values/facturas';
import { cfdiComprobanteSchema, sustitucionSchema } from './cfdi';
import { CFDI_ESTADOS } from './values/cfdi';
import { day, instant } from './common';
import { centavosOf, hundredthsOf, HOURS_MAX_HUNDREDTHS, rateTimesHours, RETENCIONES, taxesOf, withinMoneyRange } from './dinero';
import { filterId, isoDate, optionalDate, optionalId, optionalText, pageCursor, recordId, searchTerm } from './fields';
import { FORMA_PAGO_CLAVES } from './values/fiscal';
import { historialEntrySchema } from './historial';
import { entradaSchema } from './tiempo';
import { MSG } from './messages';
import { z } from './zod';

const m = MSG.invoices;

/** '', null or missing: no amount. One schema (not a union), so a bad amount gets its own message. */
const optionalMoney = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return null;
      const centavos = centavosOf(value);
      if (centavos === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return centavos;
    });
/** Taxes on an invoice: IVA and, billing a company, the withholdings. Null: no taxes (the spec's invoice). */
export const impuestosSchema = z.object({
  iva: z.boolean({ error: MSG.validation.badRequest }).default(true),
  retencion: z.enum(RETENCIONES, { error: MSG.validation.badRequest }).default('ninguna'),
});

/** How a payment was made (c_FormaPago); transfer when not said. */
const formaPago = z.enum(FORMA_PAGO_CLAVES, { error: m.formaPagoInvalida }).optional().default('03');

/**
 * The figures of 'Crear Nueva Factura' and of its edit: client, dates,
 * concept, the amount (rate × hours when 'Calcular automáticamente', else
 * typed), optional taxes, notes.
 */
const facturaFields = {
  cliente_id: optionalId,
  fecha_emision: isoDate,
  fecha_vencimiento: optionalDate,
  concepto: z.string({ error: m.conceptoObligatorio }).trim().min(1, { error: m.conceptoObligatorio }).max(2000, { error: MSG.validation.tooLong }),
  calculo_automatico: z.boolean({ error: MSG.validation.badRequest }).default(true),
  tarifa_por_hora: optionalMoney(m.montoInvalido),
  horas_trabajadas: z
    .union([z.string(), z.number(), z.null()], { error: m.horasInvalidas })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return null;
      const hundredths = hundredthsOf(value);
      if (hundredths === null || hundredths > HOURS_MAX_HUNDREDTHS) {
        ctx.addIssue({ code: 'custom', message: m.horasInvalidas });
        return z.NEVER;
      }
      return hundredths;
    }),
  /** The typed amount when not calculated (the subtotal when there are taxes). */
  monto: optionalMoney(m.montoInvalido),
  notas: optionalText(5000),
  impuestos: impuestosSchema
    .nullable()
    .optional()
    .transform((value) => value ?? null),
};
type FieldsOutput = z.output<z.ZodObject<typeof facturaFields>>;

/**
 * Subtotal, taxes and total of the fields, in centavos, computed the same way
 * in the form and on the server; every figure is checked against what an
 * invoice can hold (a product past it is a Spanish 400, not a database error).
 */
function figuresOf(input: FieldsOutput, ctx: z.RefinementCtx) {
  const amountField = input.calculo_automatico ? 'tarifa_por_hora' : 'monto';
  let subtotal: number;
  if (input.calculo_automatico) {
    if (!input.tarifa_por_hora || !input.horas_trabajadas) {
      ctx.addIssue({ code: 'custom', path: ['tarifa_por_hora'], message: m.tarifaObligatoria });
      return null;
    }
    subtotal = rateTimesHours(input.tarifa_por_hora, input.horas_trabajadas);
  } else {
    subtotal = input.monto ?? 0;
  }
  if (!withinMoneyRange(subtotal)) {
    ctx.addIssue({ code: 'custom', path: [amountField], message: m.montoExcede });
    return null;
  }
  const breakdown = input.impuestos ? taxesOf(subtotal, input.impuestos) : null;
  const total = breakdown ? breakdown.total : subtotal;
  if (!withinMoneyRange(total) || (breakdown && !withinMoneyRange(breakdown.subtotal + breakdown.iva))) {
    ctx.addIssue({ code: 'custom', path: [amountField], message: m.montoExcede });
    return null;
  }
  if (total <= 0) {
    ctx.addIssue({ code: 'custom', path: [amountField], message: m.montoMayorQueCero });
    return null;
  }
  return {
    cliente_id: input.cliente_id,
    fecha_emision: input.fecha_emision,
    fecha_vencimiento: input.fecha_vencimiento,
    concepto: input.concepto,
    // Without the automatic calculation, rate and hours are stored as null (spec).
    tarifa_por_hora: input.calculo_automatico ? input.tarifa_por_hora : null,
    horas_trabajadas: input.calculo_automatico ? input.horas_trabajadas : null,
    notas: input.notas,
    total,
    impuestos: breakdown && input.impuestos ? { ...breakdown, iva_aplicado: input.impuestos.iva, retencion: input.impuestos.retencion } : null,
  };
}

/**
 * 'Crear Nueva Factura' (spec part 2, section 5): the figures, the status and
 * the paid amount when partial (with when and how it was paid), and the time
 * entries it bills when it comes from 'Facturar tiempo' (reviewed first).
 */
export const facturaCreateSchema = z
  .object({
    ...facturaFields,
    estado: z.enum(FACTURA_ESTADOS, { error: m.estadoInvalido }).default('pendiente'),
    monto_pagado: optionalMoney(m.montoInvalido),
    fecha_pago: optionalDate,
    forma_pago: formaPago,
    entrada_ids: z.array(recordId, { error: m.sinEntradas }).max(500, { error: MSG.validation.badRequest }).optional().default([]),
    /** An advance received (Apéndice 6 of the SAT's Guía): recorded paid, in one payment. */
    anticipo: z.boolean({ error: MSG.validation.badRequest }).optional().default(false),
  })
  .transform((input, ctx) => {
    const figures = figuresOf(input, ctx);
    if (!figures) return z.NEVER;
    if (input.anticipo && input.estado !== 'pagada') {
      ctx.addIssue({ code: 'custom', path: ['estado'], message: m.anticipoPagado });
      return z.NEVER;
    }
    if (input.anticipo && input.entrada_ids.length) {
      ctx.addIssue({ code: 'custom', path: ['anticipo'], message: m.anticipoSinTiempo });
      return z.NEVER;
    }
    let pagado = 0;
    if (input.estado === 'pagada') pagado = figures.total;
    if (input.estado === 'pagada_parcialmente') {
      if (!input.monto_pagado || input.monto_pagado <= 0 || input.monto_pagado >= figures.total) {
        ctx.addIssue({ code: 'custom', path: ['monto_pagado'], message: m.pagadoObligatorio });
        return z.NEVER;
      }
      pagado = input.monto_pagado;
    }
    return {
      ...figures,
      estado: input.estado,
      pagado,
      pago: { fecha: input.fecha_pago, forma: input.forma_pago },
      entrada_ids: [...new Set(input.entrada_ids)],
      anticipo: input.anticipo,
    };
  });
export type FacturaCreateInput = z.input<typeof facturaCreateSchema>;
export type FacturaCreateOutput = z.output<typeof facturaCreateSchema>;

/** 'Editar factura': the figures of a pendiente invoice with nothing paid (its number, state and time stay). */
export const facturaUpdateSchema = z.object(facturaFields).transform((input, ctx) => figuresOf(input, ctx) ?? z.NEVER);
export type FacturaUpdateInput = z.input<typeof facturaUpdateSchema>;
export type FacturaUpdateOutput = z.output<typeof facturaUpdateSchema>;

/** 'Editar Estado de Factura': the state, the paid amount when partial (as typed, up to the total), and when and how it was paid. */
export const facturaStatusSchema = z.object({
  estado: z.enum(FACTURA_ESTADOS, { error: m.estadoInvalido }),
  monto_pagado: optionalMoney(m.montoInvalido),
  fecha_pago: optionalDate,
  forma_pago: formaPago,
});
export type FacturaStatusInput = z.input<typeof facturaStatusSchema>;

/** Why a credit note is issued (Anexo 20, Apéndice 5: a discount, a refund or a bonificación). */
export const NOTA_CREDITO_MOTIVOS = ['descuento', 'devolucion', 'bonificacion'] as const;
export type NotaCreditoMotivo = (typeof NOTA_CREDITO_MOTIVOS)[number];
/** What a credit note is for; 'anticipo' is an advance applied to a final invoice (its CFDI de egreso, forma 30), never chosen in the dialog. */
export const NOTA_CREDITO_MOTIVO_LABEL: Record<NotaCreditoMotivo | 'anticipo', string> = {
  descuento: 'Descuento',
  devolucion: 'Devolución',
  bonificacion: 'Bonificación',
  anticipo: 'Aplicación de anticipo',
};
/** Forms a credit note may state: how the discount or refund is made, or 15 (Condonación) when nothing was paid yet. */
export const FORMAS_PAGO_EGRESO = [...FORMA_PAGO_CLAVES, '15'] as const;

/**
 * 'Nota de crédito' on a stamped invoice: why, the amount before taxes (the
 * invoice's taxes are applied to it), how it is given, and an optional text.
 */
export const notaCreditoSchema = z.object({
  motivo: z.enum(NOTA_CREDITO_MOTIVOS, { error: m.notaMotivoInvalido }),
  monto: optionalMoney(m.montoInvalido).transform((value, ctx) => {
    if (value === null || value <= 0) {
      ctx.addIssue({ code: 'custom', message: m.notaMontoObligatorio });
      return z.NEVER;
    }
    return value;
  }),
  forma_pago: z.enum(FORMAS_PAGO_EGRESO, { error: m.formaPagoInvalida }),
  descripcion: optionalText(200),
});
export type NotaCreditoInput = z.input<typeof notaCreditoSchema>;
export type NotaCreditoOutput = z.output<typeof notaCreditoSchema>;

/** 'Cancelar factura': why (kept in its history). */
export const facturaCancelSchema = z.object({
  motivo: z.string({ error: m.motivoObligatorio }).trim().min(3, { error: m.motivoObligatorio }).max(500, { error: MSG.validation.tooLong }),
});

export const facturaListQuerySchema = z.object({
  q: searchTerm,
  cliente_id: filterId,
  estado: z
    .union([z.enum(FACTURA_ESTADOS_REGISTRO), z.literal('')], { error: m.estadoInvalido })
    .optional()
    .transform((value) => value || undefined),
  desde: optionalDate,
  hasta: optionalDate,
  cursor: pageCursor,
  limit: z.coerce.number({ error: MSG.validation.badRequest }).int().min(1).max(200).default(50),
});
export type FacturaListQuery = z.output<typeof facturaListQuerySchema>;

export const facturaSchema = z.strictObject({
  id: z.string(),
  numero_factura: z.string(),
  cliente: z.strictObject({ id: z.string(), nombre: z.string(), email: z.string().nullable() }).nullable(),
  fecha_emision: day,
  fecha_vencimiento: day.nullable(),
  concepto: z.string(),
  tarifa_por_hora: z.string().nullable(),
  horas_trabajadas: z.string().nullable(),
  monto_total: z.string(),
  monto_pagado: z.string(),
  /** What its credit notes (CFDI de egreso) took off what the client owes. */
  monto_acreditado: z.string(),
  estado: z.enum(FACTURA_ESTADOS_REGISTRO),
  notas: z.string().nullable(),
  impuestos: z.strictObject({ subtotal: z.string(), iva: z.string(), isr_retenido: z.string(), iva_retenido: z.string(), retencion: z.enum(RETENCIONES) }).nullable(),
  /** The latest payment recorded: when and how. */
  ultimo_pago: z.strictObject({ fecha: day, forma_pago: z.string() }).nullable(),
  /** Why and when it was cancelled. */
  cancelacion: z.strictObject({ fecha: instant, motivo: z.string() }).nullable(),
  /** Its CFDI de Ingreso, when one was stamped (or sent): the folio fiscal and where it stands. */
  cfdi: z.strictObject({ uuid: z.string().nullable(), estado: z.enum(CFDI_ESTADOS) }).nullable(),
  /** Its figures can still be edited: pendiente, nothing paid, not cancelled, no live CFDI. */
  editable: z.boolean(),
  /** Due date passed and not paid: 'Vencida'. */
  vencida: z.boolean(),
  /** An advance received (its CFDI is the advance's). */
  anticipo: z.boolean(),
  /** The advance this invoice applies (its CFDI relates the advance's with 07). */
  anticipo_aplicado_id: z.string().nullable(),
  /** The factura global it is a concepto of, when it is in one. */
  factura_global_id: z.string().nullable(),
  created_at: instant,
});
export type Factura = z.infer<typeof facturaSchema>;

export const pagoSchema = z.strictObject({ id: z.string(), fecha: day, monto: z.string(), forma_pago: z.string() });
export type Pago = z.infer<typeof pagoSchema>;

/** An advance as a final invoice names it. */
export const anticipoRefSchema = z.strictObject({ id: z.string(), numero_factura: z.string(), fecha_emision: day, monto_total: z.string(), uuid: z.string().nullable() });
export type AnticipoRef = z.infer<typeof anticipoRefSchema>;

/** 'Aplicar anticipo' on a final invoice not stamped yet: the advance, or none. */
export const anticipoAplicarSchema = z.object({ anticipo_id: z.union([recordId, z.null()], { error: MSG.validation.badRequest }) });

/** An invoice with its payments, the time entries it bills and its history. */
export const facturaDetalleSchema = z.strictObject({
  factura: facturaSchema,
  pagos: z.array(pagoSchema),
  entradas: z.array(entradaSchema),
  historial: z.array(historialEntrySchema),
  /** Its CFDI (de Ingreso and Complementos de Pago), newest first. */
  cfdis: z.array(cfdiComprobanteSchema),
  /** A PAC is configured: 'Timbrar CFDI' can work. */
  pac_configurado: z.boolean(),
  /** The sustitución it is part of (replaced or replacing), if any. */
  sustitucion: sustitucionSchema.nullable(),
  /**
   * Advances: the one this invoice applies (its CFDI relates it 07; `aplicado`
   * once the application's CFDI de egreso is stamped), the client's advances
   * it could still apply, and, on an advance, the invoice that applies it.
   */
  anticipo: z.strictObject({
    aplicado: anticipoRefSchema.extend({ aplicado: z.boolean() }).nullable(),
    disponibles: z.array(anticipoRefSchema),
    aplicado_en: z.strictObject({ id: z.string(), numero_factura: z.string() }).nullable(),
  }),
  /** The factura global it is a concepto of. */
  factura_global: z.strictObject({ id: z.string(), numero: z.string(), uuid: z.string().nullable(), estado: z.enum(CFDI_ESTADOS) }).nullable(),
});
export type FacturaDetalle = z.infer<typeof facturaDetalleSchema>;

/**
 * The four cards over the invoices the filters select (cancelled ones never
 * add up): Cobrado sums every paid amount, Pendiente only pendiente totals
 * (spec); `saldo` is what is still owed (total − paid).
 */
export const facturaSummarySchema = z.strictObject({
  total_facturado: z.string(),
  cobrado: z.string(),
  pendiente: z.string(),
  saldo: z.string(),
  facturas: z.number(),
  pagadas: z.number(),
  pendientes: z.number(),
  /** Pagada parcialmente: in no card of the spec's, counted apart. */
  parciales: z.number(),
  vencidas: z.number(),
  canceladas: z.number(),
});
export type FacturaSummary = z.infer<typeof facturaSummarySchema>;

export const facturaReply = z.strictObject({ factura: facturaSchema });

import { day, instant, itemsOf, pageOf } from './common';
import { endpoint } from './endpoint';
import { centavosOf, hundredthsOf, HOURS_MAX_HUNDREDTHS, moneyString, hoursString, rateTimesHours, RETENCIONES, taxesOf } from './dinero';
import { filterId, isoDate, optionalDate, optionalId, optionalText, pageCursor, recordId, searchTerm } from './fields';
import { MSG } from './messages';
import { z } from './zod';

const m = MSG.invoices;

/** Invoice states (spec part 2): new invoices may start in any. */
export const FACTURA_ESTADOS = ['pendiente', 'pagada_parcialmente', 'pagada'] as const;
export type FacturaEstado = (typeof FACTURA_ESTADOS)[number];
/** The status select's texts, and the badge's. */
export const FACTURA_ESTADO_LABEL: Record<FacturaEstado, string> = { pendiente: 'Pendiente', pagada_parcialmente: 'Pagada Parcialmente', pagada: 'Pagada' };
export const FACTURA_ESTADO_BADGE: Record<FacturaEstado, string> = { pendiente: 'Pendiente', pagada_parcialmente: 'Parcial', pagada: 'Pagada' };

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

/**
 * 'Crear Nueva Factura' (spec part 2, section 5): concept, issue date, the
 * amount (rate × hours when 'Calcular automáticamente', else typed), status
 * and the paid amount when partial; optional taxes. The output is the
 * invoice's figures in centavos, computed the same way in the form and on
 * the server.
 */
export const facturaCreateSchema = z
  .object({
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
    estado: z.enum(FACTURA_ESTADOS, { error: m.estadoInvalido }).default('pendiente'),
    monto_pagado: optionalMoney(m.montoInvalido),
    notas: optionalText(5000),
    impuestos: impuestosSchema.nullable().optional().transform((value) => value ?? null),
  })
  .transform((input, ctx) => {
    let subtotal: number;
    if (input.calculo_automatico) {
      if (!input.tarifa_por_hora || !input.horas_trabajadas) {
        ctx.addIssue({ code: 'custom', path: ['tarifa_por_hora'], message: m.tarifaObligatoria });
        return z.NEVER;
      }
      subtotal = rateTimesHours(input.tarifa_por_hora, input.horas_trabajadas);
    } else {
      subtotal = input.monto ?? 0;
    }
    const breakdown = input.impuestos ? taxesOf(subtotal, input.impuestos) : null;
    const total = breakdown ? breakdown.total : subtotal;
    if (total <= 0) {
      ctx.addIssue({ code: 'custom', path: [input.calculo_automatico ? 'tarifa_por_hora' : 'monto'], message: m.montoMayorQueCero });
      return z.NEVER;
    }
    let pagado = 0;
    if (input.estado === 'pagada') pagado = total;
    if (input.estado === 'pagada_parcialmente') {
      if (!input.monto_pagado || input.monto_pagado <= 0 || input.monto_pagado >= total) {
        ctx.addIssue({ code: 'custom', path: ['monto_pagado'], message: m.pagadoObligatorio });
        return z.NEVER;
      }
      pagado = input.monto_pagado;
    }
    return {
      cliente_id: input.cliente_id,
      fecha_emision: input.fecha_emision,
      fecha_vencimiento: input.fecha_vencimiento,
      concepto: input.concepto,
      // Without the automatic calculation, rate and hours are stored as null (spec).
      tarifa_por_hora: input.calculo_automatico ? input.tarifa_por_hora : null,
      horas_trabajadas: input.calculo_automatico ? input.horas_trabajadas : null,
      estado: input.estado,
      notas: input.notas,
      total,
      pagado,
      impuestos: breakdown && input.impuestos ? { ...breakdown, iva_aplicado: input.impuestos.iva, retencion: input.impuestos.retencion } : null,
    };
  });
export type FacturaCreateInput = z.input<typeof facturaCreateSchema>;
export type FacturaCreateOutput = z.output<typeof facturaCreateSchema>;

/** 'Editar Estado de Factura': the state, and the paid amount when partial (as typed, up to the total). */
export const facturaStatusSchema = z.object({
  estado: z.enum(FACTURA_ESTADOS, { error: m.estadoInvalido }),
  monto_pagado: optionalMoney(m.montoInvalido),
});

export const facturaListQuerySchema = z.object({
  q: searchTerm,
  cliente_id: filterId,
  estado: z.union([z.enum(FACTURA_ESTADOS), z.literal('')], { error: m.estadoInvalido }).optional().transform((value) => value || undefined),
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
  estado: z.enum(FACTURA_ESTADOS),
  notas: z.string().nullable(),
  impuestos: z
    .strictObject({ subtotal: z.string(), iva: z.string(), isr_retenido: z.string(), iva_retenido: z.string(), retencion: z.enum(RETENCIONES) })
    .nullable(),
  /** Due date passed and not paid: 'Vencida'. */
  vencida: z.boolean(),
  created_at: instant,
});
export type Factura = z.infer<typeof facturaSchema>;

/** The four cards, over the invoices the filters select (spec: Cobrado sums every paid amount; Pendiente only pendiente totals). */
export const facturaSummarySchema = z.strictObject({
  total_facturado: z.string(),
  cobrado: z.string(),
  pendiente: z.string(),
  facturas: z.number(),
  pagadas: z.number(),
  pendientes: z.number(),
  vencidas: z.number(),
});
export type FacturaSummary = z.infer<typeof facturaSummarySchema>;

/** 'Facturar tiempo': time entries become one invoice. */
export const facturaFromTimeSchema = z.object({
  entrada_ids: z.array(recordId, { error: m.sinEntradas }).min(1, { error: m.sinEntradas }).max(500, { error: MSG.validation.badRequest }),
  fecha_emision: optionalDate,
  fecha_vencimiento: optionalDate,
  concepto: optionalText(2000),
});

const facturaReply = z.strictObject({ factura: facturaSchema });

export const facturasApi = {
  /** One page of the filtered invoices (newest issue date first) with the four cards' figures. */
  list: endpoint({
    method: 'GET',
    path: '/facturas',
    auth: 'user',
    query: facturaListQuerySchema,
    response: pageOf(facturaSchema).extend({ resumen: facturaSummarySchema }),
  }),
  /** 'Exportar CSV': every filtered invoice, facturas_{timestamp}.csv. */
  exportCsv: endpoint({ method: 'GET', path: '/facturas/export', auth: 'user', query: facturaListQuerySchema, response: 'file' }),
  /** The clients an invoice can name (named ones only, by name). */
  clients: endpoint({ method: 'GET', path: '/facturas/clientes', auth: 'user', response: itemsOf(z.strictObject({ id: z.string(), nombre: z.string(), rfc: z.string().nullable() })) }),
  create: endpoint({ method: 'POST', path: '/facturas', auth: 'user', body: facturaCreateSchema, response: facturaReply, status: 201 }),
  updateStatus: endpoint({ method: 'PATCH', path: '/facturas/:id', auth: 'user', body: facturaStatusSchema, response: facturaReply }),
  /** The receipt PDF ('Recibo de honorarios', not a CFDI). */
  pdf: endpoint({ method: 'GET', path: '/facturas/:id/pdf', auth: 'user', response: 'file' }),
  /** Emails the receipt to the invoice's client (counts against the per-lawyer email limits). */
  email: endpoint({ method: 'POST', path: '/facturas/:id/email', auth: 'user', response: z.strictObject({ message: z.string() }) }),
  fromTime: endpoint({ method: 'POST', path: '/facturas/desde-tiempo', auth: 'user', body: facturaFromTimeSchema, response: facturaReply, status: 201 }),
};

/** The wire's money and hours, from centavos and hundredths. */
export const wire = { money: moneyString, hours: hoursString };

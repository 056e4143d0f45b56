import { casoRefSchema, clienteNombreSchema, day, instant } from './common';
import { centavosOf, hundredthsOf } from './dinero';
import { filterId, isoDate, recordId } from './fields';
import { MSG } from './messages';
import { z } from './zod';

const t = MSG.time;

/** Billable time goes in quarter hours (0.25 h), a day at most. */
export const QUARTER_HUNDREDTHS = 25;
export const DAY_HUNDREDTHS = 24 * 100;

/** Hours worked: '1.5', 1.25 → hundredths, in steps of 0.25, between 0.25 and 24. */
const quarterHours = z.union([z.string(), z.number()], { error: t.horasCuartos }).transform((value, ctx) => {
  const hundredths = hundredthsOf(value);
  if (hundredths === null || hundredths <= 0 || hundredths > DAY_HUNDREDTHS || hundredths % QUARTER_HUNDREDTHS !== 0) {
    ctx.addIssue({ code: 'custom', message: t.horasCuartos });
    return z.NEVER;
  }
  return hundredths;
});

/** A rate in pesos per hour: '1500', 1500.5 → centavos; blank → null. */
const optionalRate = z
  .union([z.literal(''), z.null(), z.string(), z.number()], { error: t.tarifaInvalida })
  .optional()
  .transform((value, ctx) => {
    if (value === '' || value === null || value === undefined) return null;
    const centavos = centavosOf(value);
    if (centavos === null) {
      ctx.addIssue({ code: 'custom', message: t.tarifaInvalida });
      return z.NEVER;
    }
    return centavos;
  });

const entradaFields = {
  fecha: isoDate,
  horas: quarterHours,
  descripcion: z.string({ error: t.descripcionObligatoria }).trim().min(1, { error: t.descripcionObligatoria }).max(1000, { error: MSG.validation.tooLong }),
  tarifa_por_hora: optionalRate,
};

/** A manual time entry: day, hours, what was done, the case, and the rate (the profile's when left blank). */
export const entradaCreateSchema = z.object({
  caso_id: z.string({ error: t.casoObligatorio }).min(1, { error: t.casoObligatorio }).pipe(recordId),
  ...entradaFields,
});
export type EntradaCreateInput = z.input<typeof entradaCreateSchema>;

/** Editing an unbilled entry: its day, hours, description and rate (blank: the profile's). */
export const entradaUpdateSchema = z.object(entradaFields);
export type EntradaUpdateInput = z.input<typeof entradaUpdateSchema>;

export const entradaSchema = z.strictObject({
  id: z.string(),
  caso: casoRefSchema.nullable(),
  cliente: clienteNombreSchema.nullable(),
  fecha: day,
  horas: z.string(),
  descripcion: z.string(),
  /** Null when the time was kept without a rate (a timer stopped before the lawyer set one): it is asked when billed. */
  tarifa_por_hora: z.string().nullable(),
  /** horas × tarifa, in pesos; null without a rate. */
  importe: z.string().nullable(),
  factura: z.strictObject({ id: z.string(), numero_factura: z.string() }).nullable(),
  created_at: instant,
});
export type Entrada = z.infer<typeof entradaSchema>;

export const entradaListQuerySchema = z.object({
  caso_id: filterId,
  cliente_id: filterId,
  /** '1': only what is not billed yet. */
  sin_facturar: z.enum(['0', '1'], { error: MSG.validation.badRequest }).optional(),
});

/** 'Facturar tiempo' with entries kept without a rate: the rate they take (required here). */
export const entradasTarifaSchema = z.object({
  entrada_ids: z.array(recordId, { error: MSG.validation.badRequest }).min(1, { error: MSG.validation.badRequest }).max(500, { error: MSG.validation.badRequest }),
  tarifa_por_hora: optionalRate.transform((value, ctx) => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: t.tarifaInvalida });
      return z.NEVER;
    }
    return value;
  }),
});
export type EntradasTarifaInput = z.input<typeof entradasTarifaSchema>;

export const temporizadorSchema = z.strictObject({ caso: casoRefSchema, descripcion: z.string().nullable(), iniciado: instant });

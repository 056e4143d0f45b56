import { isoDate, optionalId, optionalText, recordId } from './fields';
import { MSG } from './messages';
import { z } from './zod';
import { MATERIAS } from './values/casos';
import { ACTUACION_TIPOS } from './values/actuaciones';
import { CALENDARIO_PRESET_CLAVES, type CalendarioPreset, DIA_INHABIL_TIPOS, MAX_DIAS_PLAZO, PLAZO_TIPOS } from './plazos-calculo';

/** The contract of the plazos endpoints; the count itself and the calendars are in plazos-calculo.ts. */
export * from './plazos-calculo';

const p = MSG.plazos;
export const LIMITS_PLAZOS = { calendariosPropios: 20, diasPorCalendario: 500, motivoMax: 200, descripcionMax: 200, reglasPropias: 100 } as const;

const diaInhabilSchema = z.strictObject({
  id: z.string().nullable(),
  fecha: z.string(),
  motivo: z.string(),
  fundamento: z.string().nullable(),
  tipo: z.enum(DIA_INHABIL_TIPOS),
  verificado: z.boolean(),
});
export const calendarioPlazosSchema = z.strictObject({
  id: z.string(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
  base: z.enum(CALENDARIO_PRESET_CLAVES as [CalendarioPreset, ...CalendarioPreset[]]),
  propio: z.boolean(),
  version: z.number(),
  /** A lawyer's own calendar: the days they added (the preset's come from its base). */
  dias_propios: z.array(diaInhabilSchema),
});
export type CalendarioPlazos = z.infer<typeof calendarioPlazosSchema>;

/** What a plazo is counted from: the calendar, when the notification took effect, how many days and which kind. */
export const plazoQuerySchema = z.object({
  calendario_id: recordId,
  /** The case's materia, when counted from a case: a commercial matter cites the Código de Comercio. */
  materia: z
    .union([z.enum(MATERIAS), z.literal('')], { error: MSG.validation.badRequest })
    .optional()
    .transform((value) => value || null),
  notificacion: z.string({ error: p.notificacionObligatoria }).trim().min(1, { error: p.notificacionObligatoria }).pipe(isoDate),
  dias: z.coerce.number({ error: p.diasInvalidos }).int({ error: p.diasInvalidos }).min(1, { error: p.diasInvalidos }).max(MAX_DIAS_PLAZO, { error: p.diasInvalidos }),
  tipo: z.enum(PLAZO_TIPOS, { error: p.tipoInvalido }),
});
export type PlazoQueryInput = z.input<typeof plazoQuerySchema>;

export const plazoCalculadoSchema = z.strictObject({
  vence: z.string(),
  inicia: z.string(),
  dias: z.array(z.strictObject({ fecha: z.string(), numero: z.number().nullable(), motivo: z.string().nullable(), fundamento: z.string().nullable() })),
  reglas: z.array(z.string()),
  calendario: z.strictObject({ id: z.string(), nombre: z.string(), version: z.number() }),
  /** Días inhábiles this count skipped that come from a yearly agreement not verified (the recesses): the screen says so. */
  por_verificar: z.array(z.string()),
  /** Who fixes those days each year ('el Poder Judicial de la Ciudad de México'), for the warning. */
  verificar_con: z.string().nullable(),
});
export type PlazoCalculadoReply = z.infer<typeof plazoCalculadoSchema>;

export const agendarPlazoSchema = plazoQuerySchema.extend({
  descripcion: optionalText(LIMITS_PLAZOS.descripcionMax),
  caso_id: optionalId,
  /** The rule it follows (a catalogue's `clave` or the id of the lawyer's own): the server takes its days and cites its article. */
  regla: optionalText(80),
  /** The actuación that started it (the case's). */
  actuacion_id: optionalId,
});
export type AgendarPlazoInput = z.input<typeof agendarPlazoSchema>;

export const nuevoCalendarioSchema = z.object({
  nombre: z.string({ error: p.nombreObligatorio }).trim().min(1, { error: p.nombreObligatorio }).max(120, { error: MSG.validation.tooLong }),
  base: z.enum(CALENDARIO_PRESET_CLAVES as [CalendarioPreset, ...CalendarioPreset[]], { error: p.calendarioObligatorio }),
});
export const nuevoDiaInhabilSchema = z.object({
  fecha: z.string({ error: MSG.practice.fechaInvalida }).pipe(isoDate),
  motivo: z.string({ error: p.motivoObligatorio }).trim().min(1, { error: p.motivoObligatorio }).max(LIMITS_PLAZOS.motivoMax, { error: MSG.validation.tooLong }),
  tipo: z.enum(['receso', 'suspension'], { error: MSG.validation.badRequest }).optional().default('suspension'),
});

/** What the lawyer decides of a plazo marked for review: count it again from its actuación's day, or keep it. */
export const revisarPlazoSchema = z.object({ decision: z.enum(['desde_actuacion', 'mantener'], { error: MSG.validation.badRequest }) });

/** A scheduled plazo whose due date a new día inhábil moves. */
export const plazoAfectadoSchema = z.strictObject({ id: z.string(), descripcion: z.string(), vence_anterior: z.string(), vence_nuevo: z.string() });
export type PlazoAfectado = z.infer<typeof plazoAfectadoSchema>;
export const calendarioConAfectados = z.strictObject({ calendario: calendarioPlazosSchema, afectados: z.array(plazoAfectadoSchema) });

const blankToNull = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .union([z.enum(values), z.literal('')], { error: MSG.validation.badRequest })
    .optional()
    .transform((value): T | null => value || null);

/** A rule of the lawyer's own: what the term is for, its legal basis, its days, and what it applies to (blank: anything). */
export const reglaPropiaInputSchema = z.object({
  nombre: z.string({ error: p.reglaNombreObligatorio }).trim().min(1, { error: p.reglaNombreObligatorio }).max(LIMITS_PLAZOS.descripcionMax, { error: MSG.validation.tooLong }),
  fundamento: optionalText(300),
  dias: z.coerce.number({ error: p.diasInvalidos }).int({ error: p.diasInvalidos }).min(1, { error: p.diasInvalidos }).max(MAX_DIAS_PLAZO, { error: p.diasInvalidos }),
  tipo: z.enum(PLAZO_TIPOS, { error: p.tipoInvalido }),
  materia: blankToNull(MATERIAS),
  actuacion_tipo: blankToNull(ACTUACION_TIPOS),
});
export type ReglaPropiaInput = z.input<typeof reglaPropiaInputSchema>;

export const reglaPropiaSchema = z.strictObject({
  id: z.string(),
  nombre: z.string(),
  fundamento: z.string().nullable(),
  dias: z.number(),
  tipo: z.enum(PLAZO_TIPOS),
  materia: z.enum(MATERIAS).nullable(),
  actuacion_tipo: z.enum(ACTUACION_TIPOS).nullable(),
});
export type ReglaPropia = z.infer<typeof reglaPropiaSchema>;

/** When a notification published on a day takes effect in one of the lawyer's cases (its court's calendar, its materia's law). */
export const efectosQuerySchema = z.object({ publicacion: isoDate, caso_id: recordId });
export const efectosSchema = z.strictObject({
  fecha: z.string(),
  fundamento: z.string(),
  verificada: z.boolean(),
  calendario: z.strictObject({ id: z.string(), nombre: z.string() }),
});
export type Efectos = z.infer<typeof efectosSchema>;

import { casoRefSchema, instant } from './common';
import { optionalDate, optionalId, optionalText, pageCursor, recordId } from './fields';
import { MSG } from './messages';
import { PLAZO_TIPOS } from './plazos-calculo';
import { LIMITS_TAREAS, TAREA_ANCLAS, TAREA_PRIORIDADES, TAREA_VISTAS } from './values/tareas';
import { z } from './zod';

const t = MSG.tareas;

/** A due date counted from something else: so many days after an actuación, a plazo or another task. */
export const relativaInputSchema = z.object({
  ancla: z.enum(TAREA_ANCLAS, { error: t.anclaInvalida }),
  ancla_id: z.uuid({ error: t.anclaObligatoria }).transform((value) => value.toLowerCase()),
  dias: z.coerce.number({ error: t.diasInvalidos }).int({ error: t.diasInvalidos }).min(0, { error: t.diasInvalidos }).max(LIMITS_TAREAS.diasMax, { error: t.diasInvalidos }),
  tipo: z.enum(PLAZO_TIPOS, { error: t.tipoDiasInvalido }),
});
export type RelativaInput = z.input<typeof relativaInputSchema>;

/** What a task and a matter template's task both say: what to do, notes, and priority ('normal' when blank). */
const taskFields = {
  titulo: z.string({ error: t.tituloObligatorio }).trim().min(1, { error: t.tituloObligatorio }).max(LIMITS_TAREAS.tituloMax, { error: MSG.validation.tooLong }),
  notas: optionalText(LIMITS_TAREAS.notasMax),
  prioridad: z
    .union([z.enum(TAREA_PRIORIDADES), z.literal('')], { error: t.prioridadInvalida })
    .optional()
    .transform((value) => value || 'normal'),
};

/** A task as the lawyer writes it: a fixed date, a relative one (the server counts it), or none. */
export const tareaInputSchema = z.object({
  ...taskFields,
  caso_id: optionalId,
  /** The person of the despacho it is for (issue 46); blank: nobody in particular. */
  asignado_id: optionalId,
  vence: optionalDate,
  relativa: relativaInputSchema.nullish().transform((value) => value ?? null),
});
export type TareaInput = z.input<typeof tareaInputSchema>;

export const tareaSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  notas: z.string().nullable(),
  prioridad: z.enum(TAREA_PRIORIDADES),
  vence: z.string().nullable(),
  relativa: z
    .strictObject({
      ancla: z.enum(TAREA_ANCLAS),
      ancla_id: z.string(),
      /** What it hangs on, as it is now; null when that was deleted (the date stays as it was last counted). */
      ancla_titulo: z.string().nullable(),
      dias: z.number(),
      tipo: z.enum(PLAZO_TIPOS),
    })
    .nullable(),
  caso: casoRefSchema.nullable(),
  /** Who it is for, by name. */
  asignado: z.strictObject({ id: z.string(), nombre: z.string() }).nullable(),
  hecha: z.boolean(),
  hecha_en: instant.nullable(),
  /** The matter template it came from, by name. */
  plantilla: z.string().nullable(),
  created_at: instant,
});
export type Tarea = z.infer<typeof tareaSchema>;

export const tareaListQuerySchema = z.object({
  vista: z.enum(TAREA_VISTAS, { error: MSG.validation.badRequest }).optional().default('pendientes'),
  caso_id: recordId.optional(),
  /** 'Míos': the tasks given to the person signed in. */
  mios: z.enum(['0', '1'], { error: MSG.validation.badRequest }).optional(),
  cursor: pageCursor,
});

export const tareaHechaSchema = z.object({ hecha: z.boolean({ error: MSG.validation.badRequest }) });

/** What a relative date can hang on in a case: its actuaciones, its plazos and its other tasks, with their dates. */
export const anclaSchema = z.strictObject({ ancla: z.enum(TAREA_ANCLAS), id: z.string(), titulo: z.string(), fecha: z.string().nullable() });
export type Ancla = z.infer<typeof anclaSchema>;
export const anclasQuerySchema = z.object({ caso_id: recordId });

/** A task of a matter template: due so many days after the day it is applied, or after an earlier task of the list. */
export const plantillaTareaSchema = z.object({
  ...taskFields,
  dias: z.coerce.number({ error: t.diasInvalidos }).int({ error: t.diasInvalidos }).min(0, { error: t.diasInvalidos }).max(LIMITS_TAREAS.diasMax, { error: t.diasInvalidos }),
  tipo: z.enum(PLAZO_TIPOS, { error: t.tipoDiasInvalido }),
  /** The position (from 0) of the earlier task it counts from; null: from the day the template is applied. */
  despues_de: z
    .number({ error: MSG.plantillasAsunto.dependenciaInvalida })
    .int()
    .min(0)
    .nullish()
    .transform((value) => value ?? null),
});
export type PlantillaTarea = z.output<typeof plantillaTareaSchema>;

export const plantillaAsuntoInputSchema = z
  .object({
    nombre: z
      .string({ error: MSG.plantillasAsunto.nombreObligatorio })
      .trim()
      .min(1, { error: MSG.plantillasAsunto.nombreObligatorio })
      .max(120, { error: MSG.validation.tooLong }),
    descripcion: optionalText(500),
    tareas: z
      .array(plantillaTareaSchema, { error: MSG.plantillasAsunto.sinTareas })
      .min(1, { error: MSG.plantillasAsunto.sinTareas })
      .max(LIMITS_TAREAS.tareasPorPlantilla, { error: MSG.plantillasAsunto.demasiadasTareas }),
    /** The escritos this matter usually needs (ids of escrito templates: Bufete's or the lawyer's). */
    escritos: z.array(z.string().max(80)).max(20).optional().default([]),
    /** The shipped template this one replaces for the lawyer (its clave), when it started as Bufete's. */
    basada_en: optionalText(80),
  })
  .superRefine((value, ctx) => {
    value.tareas.forEach((tarea, index) => {
      if (tarea.despues_de !== null && tarea.despues_de >= index)
        ctx.addIssue({ code: 'custom', message: MSG.plantillasAsunto.dependenciaInvalida, path: ['tareas', index, 'despues_de'] });
    });
  });
export type PlantillaAsuntoInput = z.input<typeof plantillaAsuntoInputSchema>;

export const plantillaAsuntoSchema = z.strictObject({
  /** A shipped template's clave ('amparo-indirecto') or the id of the lawyer's own. */
  id: z.string(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
  propia: z.boolean(),
  basada_en: z.string().nullable(),
  tareas: z.array(
    z.strictObject({
      titulo: z.string(),
      notas: z.string().nullable(),
      prioridad: z.enum(TAREA_PRIORIDADES),
      dias: z.number(),
      tipo: z.enum(PLAZO_TIPOS),
      despues_de: z.number().nullable(),
    }),
  ),
  escritos: z.array(z.string()),
});
export type PlantillaAsunto = z.infer<typeof plantillaAsuntoSchema>;

export const aplicarPlantillaSchema = z.object({
  plantilla: z.string({ error: MSG.validation.badRequest }).trim().min(1, { error: MSG.validation.badRequest }).max(80),
  /** The day its tasks count from (the lawyer's today when blank). */
  desde: optionalDate,
});
export const aplicarPlantillaReplySchema = z.strictObject({ tareas: z.array(tareaSchema) });

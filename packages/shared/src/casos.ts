import { CASO_ESTADOS, CASO_ESTADOS_INICIALES, CASO_PRIORIDADES, MATERIAS, type Materia, CASO_ORDENES, CASO_VENCIMIENTOS } from './values/casos';
import { day, instant } from './common';
import { LIMITS } from './constants';
import { filterId, optionalDate, optionalId, optionalText, pageCursor, pageLimit, patchDate, patchId, patchText, searchTerm } from './fields';
import { MSG } from './messages';
import { z } from './zod';

const v = MSG.validation;

// '' is how a form says "none": accepted here so any other word gets the materia's own message.
const materiaOrBlank = z.enum([...MATERIAS, ''], { error: MSG.practice.materiaInvalida }).nullable();
/** The case's identity in court: its file number, the court or authority and the area of law (its parties are records of their own: partes.ts). */
const identity = {
  expediente: optionalText(LIMITS.expedienteMax),
  juzgado: optionalText(LIMITS.nameMax * 2),
  /** The court's secretaría that carries it ('B', 'Primera'): the escritos' rubro. */
  secretaria: optionalText(40),
  materia: materiaOrBlank.optional().transform((value): Materia | null => value || null),
};
const identityPatch = {
  expediente: patchText(LIMITS.expedienteMax),
  juzgado: patchText(LIMITS.nameMax * 2),
  secretaria: patchText(40),
  materia: materiaOrBlank.optional().transform((value): Materia | null | undefined => (value === undefined ? undefined : value || null)),
};

/** The people of the despacho assigned to a case: at most its 25 members, each once. */
const asignadosSchema = z
  .array(z.string().pipe(z.uuid({ error: MSG.equipo.asignadoInvalido })), { error: MSG.equipo.asignadoInvalido })
  .max(25, { error: MSG.equipo.asignadoInvalido })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

const titulo = z.string({ error: MSG.practice.tituloObligatorio }).trim().min(1, { error: MSG.practice.tituloObligatorio }).max(LIMITS.tituloMax, { error: v.tooLong });

export const casoCreateSchema = z.object({
  titulo,
  descripcion: optionalText(LIMITS.descripcionMax),
  estado: z.enum(CASO_ESTADOS_INICIALES, { error: MSG.practice.estadoInvalido }).default('Pendiente'),
  prioridad: z.enum(CASO_PRIORIDADES, { error: MSG.practice.prioridadInvalida }).default('Media'),
  cliente_id: optionalId,
  fecha_vencimiento: optionalDate,
  /** The member of the despacho responsible for it (issue 46); blank: nobody in particular. */
  responsable_id: optionalId,
  /** The members assigned to it besides (issue 46): a pasante works only on their cases. */
  asignados: asignadosSchema.default([]),
  ...identity,
});
export type CasoCreateInput = z.input<typeof casoCreateSchema>;
export type CasoCreateOutput = z.output<typeof casoCreateSchema>;

/** Editing allows all four states, from any to any. Fields left out are not changed. */
export const casoUpdateSchema = z
  .object({
    titulo: titulo.optional(),
    descripcion: patchText(LIMITS.descripcionMax),
    estado: z.enum(CASO_ESTADOS, { error: MSG.practice.estadoInvalido }).optional(),
    prioridad: z.enum(CASO_PRIORIDADES, { error: MSG.practice.prioridadInvalida }).optional(),
    cliente_id: patchId,
    fecha_vencimiento: patchDate,
    responsable_id: patchId,
    /** The whole list: who is left out is no longer assigned. */
    asignados: asignadosSchema.optional(),
    ...identityPatch,
  })
  .strict();
export type CasoUpdateInput = z.input<typeof casoUpdateSchema>;
export type CasoUpdateOutput = z.output<typeof casoUpdateSchema>;

export const casoListQuerySchema = z.object({
  q: searchTerm,
  estado: z.enum(CASO_ESTADOS, { error: MSG.practice.estadoInvalido }).optional(),
  prioridad: z.enum(CASO_PRIORIDADES, { error: MSG.practice.prioridadInvalida }).optional(),
  cliente_id: filterId,
  orden: z.enum(CASO_ORDENES, { error: MSG.validation.badRequest }).default('recientes'),
  vencimiento: z.enum(CASO_VENCIMIENTOS, { error: MSG.validation.badRequest }).optional(),
  /** 'Míos': the cases the person signed in is responsible for. */
  mios: z.enum(['0', '1'], { error: MSG.validation.badRequest }).optional(),
  cursor: pageCursor,
  limit: pageLimit,
});
export type CasoListQuery = z.output<typeof casoListQuerySchema>;

/** A client as a case embeds it. */
export const clienteRefSchema = z.strictObject({ id: z.string(), nombre: z.string(), email: z.string().nullable() });
export type ClienteRef = z.infer<typeof clienteRefSchema>;

export const casoSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  descripcion: z.string().nullable(),
  estado: z.enum(CASO_ESTADOS),
  prioridad: z.enum(CASO_PRIORIDADES),
  cliente_id: z.string().nullable(),
  fecha_vencimiento: day.nullable(),
  expediente: z.string().nullable(),
  juzgado: z.string().nullable(),
  secretaria: z.string().nullable(),
  materia: z.enum(MATERIAS).nullable(),
  created_at: instant,
  updated_at: instant,
  cliente: clienteRefSchema.nullable(),
  /** Who in the despacho answers for it, by their name. */
  responsable: z.strictObject({ id: z.string(), nombre: z.string() }).nullable(),
  /** Who else works on it, by name. */
  asignados: z.array(z.strictObject({ id: z.string(), nombre: z.string() })),
});
export type Caso = z.infer<typeof casoSchema>;

/** What belongs to a case: the tab counts and what its deletion takes with it. */
export const caseContentCountsSchema = z.strictObject({ documentos: z.number(), imagenes: z.number(), notas: z.number(), actuaciones: z.number() });
export type CaseContentCounts = z.infer<typeof caseContentCountsSchema>;

export const casoReply = z.strictObject({ caso: casoSchema });

/** A case in a picker: its title, its state (closed ones are not offered for new links) and its client (picked along with it). */
export const casoOptionSchema = z.strictObject({ id: z.string(), titulo: z.string(), estado: z.enum(CASO_ESTADOS), cliente_id: z.string().nullable() });
export type CasoOption = z.infer<typeof casoOptionSchema>;

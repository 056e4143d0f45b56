import { day, instant, itemsOf, okSchema, pageOf } from './common';
import { LIMITS } from './constants';
import { endpoint } from './endpoint';
import { filterId, optionalDate, optionalId, optionalText, pageCursor, pageLimit, patchDate, patchId, patchText, searchTerm } from './fields';
import { historialPageSchema, historialQuerySchema } from './historial';
import { MSG } from './messages';
import { z } from './zod';

/** Case states and priorities (spec part 1, section 4). */
export const CASO_ESTADOS = ['Activo', 'Pendiente', 'En Revisión', 'Cerrado'] as const;
export const CASO_ESTADOS_INICIALES = ['Pendiente', 'Activo', 'En Revisión'] as const;
export const CASO_PRIORIDADES = ['Alta', 'Media', 'Baja'] as const;
export type CasoEstado = (typeof CASO_ESTADOS)[number];
export type CasoPrioridad = (typeof CASO_PRIORIDADES)[number];

/** The area of law of a matter, as lawyers in Mexico file them. */
export const MATERIAS = ['civil', 'penal', 'familiar', 'mercantil', 'laboral', 'amparo', 'administrativo', 'fiscal', 'otra'] as const;
export type Materia = (typeof MATERIAS)[number];
export const MATERIA_LABEL: Record<Materia, string> = {
  civil: 'Civil',
  penal: 'Penal',
  familiar: 'Familiar',
  mercantil: 'Mercantil',
  laboral: 'Laboral',
  amparo: 'Amparo',
  administrativo: 'Administrativo',
  fiscal: 'Fiscal',
  otra: 'Otra',
};

/** How the case list is ordered: newest first (the spec's), or by the nearest due date. */
export const CASO_ORDENES = ['recientes', 'vencimiento'] as const;
/** Due-date filters of the case list: past due, or due within the next 7 days (both among open cases). */
export const CASO_VENCIMIENTOS = ['vencidos', 'proximos'] as const;

const v = MSG.validation;

// '' is how a form says "none": accepted here so any other word gets the materia's own message.
const materiaOrBlank = z.enum([...MATERIAS, ''], { error: MSG.practice.materiaInvalida }).nullable();
/** The case's identity in court: its file number, the court or authority and the other party. */
const identity = {
  expediente: optionalText(LIMITS.expedienteMax),
  juzgado: optionalText(LIMITS.nameMax * 2),
  contraparte: optionalText(LIMITS.nameMax * 2),
  materia: materiaOrBlank.optional().transform((value): Materia | null => value || null),
};
const identityPatch = {
  expediente: patchText(LIMITS.expedienteMax),
  juzgado: patchText(LIMITS.nameMax * 2),
  contraparte: patchText(LIMITS.nameMax * 2),
  materia: materiaOrBlank.optional().transform((value): Materia | null | undefined => (value === undefined ? undefined : value || null)),
};

const titulo = z.string({ error: MSG.practice.tituloObligatorio }).trim().min(1, { error: MSG.practice.tituloObligatorio }).max(LIMITS.tituloMax, { error: v.tooLong });

export const casoCreateSchema = z.object({
  titulo,
  descripcion: optionalText(LIMITS.descripcionMax),
  estado: z.enum(CASO_ESTADOS_INICIALES, { error: MSG.practice.estadoInvalido }).default('Pendiente'),
  prioridad: z.enum(CASO_PRIORIDADES, { error: MSG.practice.prioridadInvalida }).default('Media'),
  cliente_id: optionalId,
  fecha_vencimiento: optionalDate,
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
  contraparte: z.string().nullable(),
  materia: z.enum(MATERIAS).nullable(),
  created_at: instant,
  updated_at: instant,
  cliente: clienteRefSchema.nullable(),
});
export type Caso = z.infer<typeof casoSchema>;

/** What belongs to a case: the tab counts and what its deletion takes with it. */
export const caseContentCountsSchema = z.strictObject({ documentos: z.number(), imagenes: z.number(), notas: z.number() });
export type CaseContentCounts = z.infer<typeof caseContentCountsSchema>;

const casoReply = z.strictObject({ caso: casoSchema });

/** A case in a picker: its title, its state (closed ones are not offered for new links) and its client (picked along with it). */
export const casoOptionSchema = z.strictObject({ id: z.string(), titulo: z.string(), estado: z.enum(CASO_ESTADOS), cliente_id: z.string().nullable() });
export type CasoOption = z.infer<typeof casoOptionSchema>;

export const casosApi = {
  list: endpoint({ method: 'GET', path: '/casos', auth: 'user', query: casoListQuerySchema, response: pageOf(casoSchema) }),
  /** id and titulo of every case, by title: the pickers and filters of other screens. */
  options: endpoint({ method: 'GET', path: '/casos/options', auth: 'user', response: itemsOf(casoOptionSchema) }),
  create: endpoint({ method: 'POST', path: '/casos', auth: 'user', body: casoCreateSchema, response: casoReply, status: 201 }),
  get: endpoint({ method: 'GET', path: '/casos/:id', auth: 'user', response: casoReply }),
  counts: endpoint({ method: 'GET', path: '/casos/:id/counts', auth: 'user', response: z.strictObject({ counts: caseContentCountsSchema }) }),
  /** 'Historial' of a case: its changes and its records', newest first (the audit trail). */
  history: endpoint({ method: 'GET', path: '/casos/:id/historial', auth: 'user', query: historialQuerySchema, response: historialPageSchema }),
  update: endpoint({ method: 'PATCH', path: '/casos/:id', auth: 'user', body: casoUpdateSchema, response: casoReply }),
  remove: endpoint({ method: 'DELETE', path: '/casos/:id', auth: 'user', response: okSchema }),
};

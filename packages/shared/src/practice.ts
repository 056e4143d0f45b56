import { z } from 'zod';
import { LIMITS } from './constants';
import { MSG } from './messages';

/** Case states and priorities (spec part 1, section 4). */
export const CASO_ESTADOS = ['Activo', 'Pendiente', 'En Revisión', 'Cerrado'] as const;
export const CASO_ESTADOS_INICIALES = ['Pendiente', 'Activo', 'En Revisión'] as const;
export const CASO_PRIORIDADES = ['Alta', 'Media', 'Baja'] as const;
export type CasoEstado = (typeof CASO_ESTADOS)[number];
export type CasoPrioridad = (typeof CASO_PRIORIDADES)[number];

const v = MSG.validation;

/** Optional free text: trimmed, and stored as null when empty. */
const optionalText = (max: number) =>
  z
    .string({ error: v.badRequest })
    .trim()
    .max(max, { error: v.tooLong })
    .nullish()
    .transform((value) => value || null);

const isoDate = z
  .string({ error: MSG.practice.fechaInvalida })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.practice.fechaInvalida })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: MSG.practice.fechaInvalida });

const optionalDate = z
  .union([isoDate, z.literal(''), z.null()])
  .optional()
  .transform((value) => value || null);

const optionalId = z
  .union([z.uuid({ error: MSG.http.notFound }), z.literal(''), z.null()])
  .optional()
  .transform((value) => value || null);

const titulo = z.string({ error: MSG.practice.tituloObligatorio }).trim().min(1, { error: MSG.practice.tituloObligatorio }).max(LIMITS.tituloMax, { error: v.tooLong });

export const casoCreateSchema = z.object({
  titulo,
  descripcion: optionalText(LIMITS.descripcionMax),
  estado: z.enum(CASO_ESTADOS_INICIALES, { error: MSG.practice.estadoInvalido }).default('Pendiente'),
  prioridad: z.enum(CASO_PRIORIDADES, { error: MSG.practice.prioridadInvalida }).default('Media'),
  cliente_id: optionalId,
  fecha_vencimiento: optionalDate,
});
export type CasoCreateInput = z.input<typeof casoCreateSchema>;
export type CasoCreateOutput = z.output<typeof casoCreateSchema>;

/** Editing allows all four states, from any to any. Fields left out are not changed. */
export const casoUpdateSchema = z
  .object({
    titulo,
    descripcion: optionalText(LIMITS.descripcionMax),
    estado: z.enum(CASO_ESTADOS, { error: MSG.practice.estadoInvalido }),
    prioridad: z.enum(CASO_PRIORIDADES, { error: MSG.practice.prioridadInvalida }),
    cliente_id: optionalId,
    fecha_vencimiento: optionalDate,
  })
  .partial()
  .strict();
export type CasoUpdateInput = z.input<typeof casoUpdateSchema>;
export type CasoUpdateOutput = z.output<typeof casoUpdateSchema>;

export const casoListQuerySchema = z.object({
  q: z.string().trim().max(200).optional().transform((value) => value || undefined),
  estado: z.enum(CASO_ESTADOS, { error: MSG.practice.estadoInvalido }).optional(),
  prioridad: z.enum(CASO_PRIORIDADES, { error: MSG.practice.prioridadInvalida }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const clienteSchema = z.object({
  nombre: z.string({ error: MSG.practice.nombreObligatorio }).trim().min(1, { error: MSG.practice.nombreObligatorio }).max(LIMITS.nameMax * 2, { error: v.tooLong }),
  email: z
    .union([z.literal(''), z.null(), z.string().trim().max(LIMITS.emailMax, { error: v.emailInvalid }).pipe(z.email({ error: v.emailInvalid }))])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
  telefono: optionalText(LIMITS.telefonoMax),
  empresa: optionalText(LIMITS.nameMax * 2),
  direccion: optionalText(LIMITS.direccionMax),
});
export type ClienteInput = z.input<typeof clienteSchema>;
export type ClienteOutput = z.output<typeof clienteSchema>;

export const clienteListQuerySchema = z.object({
  q: z.string().trim().max(200).optional().transform((value) => value || undefined),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** The send-email-reminder payload (spec part 2, section 7). */
export const emailReminderSchema = z.object({
  clienteId: z.uuid({ error: MSG.http.notFound }),
  subject: z.string({ error: MSG.reminders.camposObligatorios }).trim().min(1, { error: MSG.reminders.camposObligatorios }).max(200, { error: v.tooLong }),
  message: z.string({ error: MSG.reminders.camposObligatorios }).trim().min(1, { error: MSG.reminders.camposObligatorios }).max(20_000, { error: v.tooLong }),
  scheduledFor: z
    .union([z.iso.datetime({ offset: true, error: MSG.reminders.fechaInvalida }), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? new Date(value) : null)),
});
export type EmailReminderInput = z.input<typeof emailReminderSchema>;

export const REMINDER_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** The WhatsApp chat link of a phone number: wa.me with its digits only. */
export function whatsappUrl(telefono: string | null | undefined): string | null {
  const digits = (telefono ?? '').replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
}

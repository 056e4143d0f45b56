import { LIMITS } from './constants';
import { isTimeZone } from './dates';
import { centavosOf } from './dinero';
import { optionalCodigoPostal, optionalRegimen, optionalRfc, optionalSerie } from './fiscal';
import { patchText } from './fields';
import { MSG } from './messages';
import { z } from './zod';

const v = MSG.validation;

/** How the lawyer is named in escritos and in the portal. */
export const TRATAMIENTOS = ['abogada', 'abogado'] as const;
export type Tratamiento = (typeof TRATAMIENTOS)[number];

/** One profile per user; id equals the user id (spec part 1, section 3). */
export const profileSchema = z.strictObject({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  especialidad: z.string().nullable(),
  telefono: z.string().nullable(),
  /** The cédula profesional (7 or 8 digits): the signature block of escritos (issue 36). */
  cedula_profesional: z.string().nullable(),
  /** How escritos and the portal name the lawyer: 'abogada' or 'abogado' (agreement in gender: 'Tenerme por presentada'). */
  tratamiento: z.enum(TRATAMIENTOS).nullable(),
  avatar_url: z.string().nullable(),
  /** IANA time zone of the lawyer (Preferencias): today, due dates and appointments are counted in it. */
  zona_horaria: z.string(),
  /** The lawyer's fiscal data (Configuración → Perfil): on receipts and for withholdings. */
  rfc: z.string().nullable(),
  regimen_fiscal: z.string().nullable(),
  domicilio_fiscal: z.string().nullable(),
  /** Default hourly rate for time entries and invoices (pesos, '1500.00'). */
  tarifa_hora: z.string().nullable(),
  /** CFDI 4.0: the código postal de expedición (LugarExpedicion) and the serie of the lawyer's invoices. */
  codigo_postal_expedicion: z.string().nullable(),
  serie_cfdi: z.string().nullable(),
  /** Preferencias → 'Notificaciones por email': a morning summary of the day's appointments and overdue invoices. */
  resumen_diario: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Partial profile update; the account email is never part of it. */
export const profileUpdateSchema = z
  .object({
    nombre: z.string().trim().min(LIMITS.nameMin, { error: v.nombreMin }).max(LIMITS.nameMax, { error: v.tooLong }).optional(),
    apellido: z.string().trim().min(LIMITS.nameMin, { error: v.apellidoMin }).max(LIMITS.nameMax, { error: v.tooLong }).optional(),
    especialidad: patchText(LIMITS.especialidadMax),
    telefono: patchText(LIMITS.telefonoMax),
    cedula_profesional: z
      .union([z.string({ error: MSG.settings.cedulaInvalida }), z.null()], { error: MSG.settings.cedulaInvalida })
      .optional()
      .transform((value) => (value === undefined ? undefined : value?.replace(/\s+/g, '') || null))
      .refine((value) => value === undefined || value === null || /^\d{7,8}$/.test(value), { error: MSG.settings.cedulaInvalida }),
    tratamiento: z
      .union([z.enum(TRATAMIENTOS), z.literal(''), z.null()], { error: v.badRequest })
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    zona_horaria: z.string().trim().max(64, { error: MSG.settings.zonaHorariaInvalida }).refine(isTimeZone, { error: MSG.settings.zonaHorariaInvalida }).optional(),
    rfc: optionalRfc.optional(),
    regimen_fiscal: optionalRegimen.optional(),
    domicilio_fiscal: patchText(LIMITS.direccionMax),
    codigo_postal_expedicion: optionalCodigoPostal.optional(),
    serie_cfdi: optionalSerie.optional(),
    resumen_diario: z.boolean({ error: v.badRequest }).optional(),
    tarifa_hora: z
      .union([z.literal(''), z.null(), z.string(), z.number()], { error: MSG.time.tarifaInvalida })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        if (value === '' || value === null) return null;
        const centavos = centavosOf(value);
        if (centavos === null) {
          ctx.addIssue({ code: 'custom', message: MSG.time.tarifaInvalida });
          return z.NEVER;
        }
        return centavos;
      }),
  })
  .strict();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/**
 * Settings → Seguridad: the current password is checked by the server; the
 * new one has 12+ characters and is not a common one. The calendar feed link
 * is renewed with it; the Google connection ends too if the lawyer asks.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: MSG.settings.contrasenaActualObligatoria }).min(1, { error: MSG.settings.contrasenaActualObligatoria }).max(128),
    newPassword: z
      .string({ error: MSG.settings.nuevaContrasenaMin })
      .min(LIMITS.newPasswordMin, { error: MSG.settings.nuevaContrasenaMin })
      .max(LIMITS.passwordMax, { error: v.tooLong }),
    confirmPassword: z.string({ error: v.passwordsMismatch }),
    desconectar_google: z.boolean({ error: v.badRequest }).optional().default(false),
  })
  .refine((data) => data.newPassword === data.confirmPassword, { error: v.passwordsMismatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** One line of 'Configurar Sistema'. */
export const systemCheckSchema = z.strictObject({ check: z.string(), status: z.enum(['ok', 'repaired', 'error']), message: z.string() });
export type SystemCheck = z.infer<typeof systemCheckSchema>;

export const profileReply = z.strictObject({ profile: profileSchema });

/** The lawyer's storage: bytes used in documents, images and chat attachments, and the firm's limit. */
export const storageUsageSchema = z.strictObject({ usado: z.number(), limite: z.number() });
export type StorageUsage = z.infer<typeof storageUsageSchema>;

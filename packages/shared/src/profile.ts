import { z } from 'zod';
import { LIMITS } from './constants';
import { MSG } from './messages';

const v = MSG.validation;

export type { Profile, SessionPayload, SessionUser } from './types';

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: v.tooLong })
    .nullable()
    .optional()
    .transform((value) => (value ? value : value === undefined ? undefined : null));

/** Partial profile update; the account email is never part of it. */
export const profileUpdateSchema = z
  .object({
    nombre: z.string().trim().min(LIMITS.nameMin, { error: v.nombreMin }).max(LIMITS.nameMax, { error: v.tooLong }).optional(),
    apellido: z.string().trim().min(LIMITS.nameMin, { error: v.apellidoMin }).max(LIMITS.nameMax, { error: v.tooLong }).optional(),
    especialidad: nullableText(LIMITS.especialidadMax),
    telefono: nullableText(LIMITS.telefonoMax),
  })
  .strict();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;


/** Settings → Seguridad: the current password is checked by the server; the new one has 6+ characters. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: MSG.settings.contrasenaActualObligatoria }).min(1, { error: MSG.settings.contrasenaActualObligatoria }).max(128),
    newPassword: z
      .string({ error: MSG.settings.nuevaContrasenaMin })
      .min(LIMITS.passwordMin, { error: MSG.settings.nuevaContrasenaMin })
      .max(LIMITS.passwordMax, { error: v.tooLong }),
    confirmPassword: z.string({ error: v.passwordsMismatch }),
  })
  .refine((data) => data.newPassword === data.confirmPassword, { error: v.passwordsMismatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

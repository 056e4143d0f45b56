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


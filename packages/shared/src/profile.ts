import { z } from 'zod';
import { LIMITS, NAME_FALLBACK } from './constants';
import { MSG } from './messages';

const v = MSG.validation;

export interface Profile {
  id: string;
  nombre: string;
  apellido: string;
  especialidad: string | null;
  telefono: string | null;
  avatar_url: string | null;
}

/** The signed-in user as the web sees it: the account email plus the profile. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface SessionPayload {
  user: SessionUser;
  profile: Profile;
}

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

/**
 * The spec's name fallback for a profile created without sign-up data: the
 * account's full name (or the part of the email before the @), split on
 * spaces; the first word is nombre ('Usuario'), the rest apellido ('Nuevo').
 */
export function nameFromAccount(fullName: string | null | undefined, email: string): { nombre: string; apellido: string } {
  const source = fullName?.trim() || email.split('@')[0]?.trim() || '';
  const [first, ...rest] = source.split(/\s+/).filter(Boolean);
  return {
    nombre: first || NAME_FALLBACK.nombre,
    apellido: rest.join(' ') || NAME_FALLBACK.apellido,
  };
}

export function initialsOf(profile: Pick<Profile, 'nombre' | 'apellido'> | null | undefined): string {
  if (!profile) return NAME_FALLBACK.initials;
  const initials = `${profile.nombre.charAt(0)}${profile.apellido.charAt(0)}`.toUpperCase();
  return initials || NAME_FALLBACK.initials;
}

export function fullNameOf(profile: Pick<Profile, 'nombre' | 'apellido'> | null | undefined): string {
  if (!profile) return NAME_FALLBACK.fullName;
  return `${profile.nombre} ${profile.apellido}`.trim() || NAME_FALLBACK.fullName;
}

export function especialidadOf(profile: Pick<Profile, 'especialidad'> | null | undefined): string {
  return profile?.especialidad?.trim() || NAME_FALLBACK.especialidad;
}

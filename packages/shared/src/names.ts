import { NAME_FALLBACK } from './constants';
import type { Profile } from './profile';

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

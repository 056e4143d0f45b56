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

/** Lower case, without accents (ñ is n, as PostgreSQL's unaccent has it), one space between words. */
const foldName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Words that do not tell one person or company from another ('de', 'S.A. de C.V.', 'Lic.'). */
const NOISE = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'e',
  'en',
  'su',
  'sus',
  'por',
  'a',
  'sa',
  'cv',
  'sc',
  'rl',
  'sapi',
  'sab',
  'srl',
  'ac',
  'sofom',
  'enr',
  'er',
  'c',
  'v',
  's',
  'l',
  'r',
  'b',
  'lic',
  'licenciado',
  'licenciada',
  'sr',
  'sra',
  'c.',
  'ciudadano',
  'ciudadana',
  'sucesion',
  'suc',
  'otros',
  'otro',
  'otra',
  'otras',
]);

/** A name as the set of its distinctive words: 'PEREZ LOPEZ JOSE' and 'José Pérez López' give the same. */
export function nameTokens(name: string): string[] {
  const words = foldName(name)
    .replace(/[^a-z0-9ñ ]+/g, ' ')
    .split(' ')
    .filter((word) => word.length > 1 && !NOISE.has(word));
  return [...new Set(words)];
}

/** Whether two names are the same person or company, whatever their order, accents or capitals (at least two words each). */
export function sameName(a: string, b: string): boolean {
  const left = nameTokens(a);
  const right = nameTokens(b);
  if (left.length < 2 || right.length < 2) return left.length === 1 && right.length === 1 && left[0] === right[0] && left[0]!.length > 5;
  const shorter = left.length <= right.length ? left : right;
  const longer = new Set(left.length <= right.length ? right : left);
  // Every word of the shorter naming is in the longer ('José Pérez' in 'José Pérez López'), and they share at least two.
  return shorter.every((word) => longer.has(word));
}

/** Whether `name` appears in `text` (an entry of a bulletin): every distinctive word of it, at least two. */
export function nameIn(name: string, textTokens: Set<string>): boolean {
  const words = nameTokens(name);
  return words.length >= 2 && words.every((word) => textTokens.has(word));
}

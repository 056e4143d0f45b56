import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';
import { dayIn, wallClockIn } from '@bufete/shared/dates';

/** A calendar day (YYYY-MM-DD: a due date) in Spanish: "21 de noviembre de 2026". */
export function formatLongDay(day: string): string {
  return format(parseISO(day), "d 'de' MMMM 'de' yyyy", { locale: es });
}

/** The day an instant falls on, on the lawyer's clock (Preferencias' time zone), in Spanish: "21 de noviembre de 2026". */
export function formatLongDate(instant: string | Date, timeZone: string): string {
  return formatLongDay(dayIn(toDate(instant), timeZone));
}

/** A calendar day, compact for cards: "26 nov 2026". */
export function formatShortDay(day: string): string {
  return format(parseISO(day), 'd MMM yyyy', { locale: es }).replace('.', '');
}

/** The day of an instant on the lawyer's clock, compact for cards: "26 nov 2026". */
export function formatShortDate(instant: string | Date, timeZone: string): string {
  return formatShortDay(dayIn(toDate(instant), timeZone));
}

/** Short date with time on the lawyer's clock (Preferencias' time zone): "21/11/2026 14:30". */
export function formatShortDateTime(value: string | Date, timeZone: string): string {
  const { day, time } = wallClockIn(toDate(value), timeZone);
  return `${toTypedDate(day)} ${time}`;
}

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Sizes in Bytes, KB, MB or GB (spec part 2, section 9). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}

/** A calendar day (YYYY-MM-DD) as typed in Spanish: dd/mm/aaaa ('' for none). */
export function toTypedDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/**
 * What a person typed as a date (31/12/2026, 31-12-2026, 31.12.26, 1/2/2027)
 * as YYYY-MM-DD, or null when it is not one. Two-digit years are this century.
 */
export function parseTypedDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? text.trim() : null;
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const [month, day] = [Number(match[2]), Number(match[1])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A time typed in 24 hours (9:5, 09:05, 0905, 21.30) as HH:MM, or null. */
export function parseTypedTime(text: string): string | null {
  const match = /^\s*(\d{1,2})[:.h]?(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

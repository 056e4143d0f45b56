import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';

/** Long date in Spanish: "21 de noviembre de 2026". Accepts ISO timestamps and plain YYYY-MM-DD dates. */
export function formatLongDate(value: string | Date): string {
  return format(toDate(value), "d 'de' MMMM 'de' yyyy", { locale: es });
}

/** Short date with time: "21/11/2026 14:30". */
export function formatShortDateTime(value: string | Date): string {
  return format(toDate(value), 'dd/MM/yyyy HH:mm', { locale: es });
}

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  // A plain date is a calendar day, not midnight UTC (which would show the day before in America).
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseISO(value) : new Date(value);
}

/** The value of a datetime-local input for a moment, in the browser's time zone. */
export function toDateTimeLocal(date: Date): string {
  return format(date, "yyyy-MM-dd'T'HH:mm");
}

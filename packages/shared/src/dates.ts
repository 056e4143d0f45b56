/**
 * Calendar days as lawyers count them: in their own time zone, never as
 * instants (a due date is a day, not midnight UTC).
 */

/** The default time zone of a lawyer in Mexico (Preferencias can change it). */
export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('es-MX', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** Formats kept at most: far more than the zones and styles in use; past it the memory starts over. */
const MAX_FORMATS = 256;

/**
 * A date format for a time zone, made once and reused: making an
 * Intl.DateTimeFormat costs ~50 µs, using one ~4 (the dashboard and the
 * search ask for today's date on every request). An unknown zone throws
 * RangeError, as the constructor does, and is not kept.
 */
export function dateFormatIn(timeZone: string, locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): Intl.DateTimeFormat {
  const key = `${timeZone}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** Today (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayIn(now, timeZone);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = dateFormatIn(timeZone, 'en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The wall-clock day (YYYY-MM-DD) and time (HH:MM) of an instant in a time zone. */
export function wallClockIn(instant: Date, timeZone: string): { day: string; time: string } {
  const parts = dateFormatIn(timeZone, 'en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/**
 * The instant a wall-clock day and time (HH:MM) name in a time zone: '2026-12-05'
 * at '09:00' in Mexico City is 15:00 UTC. Found by correcting a first guess with
 * the zone's offset at that moment, twice, so a change of offset in between
 * (daylight saving, in the border zones) is honoured.
 */
export function instantIn(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wanted = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = wallClockIn(new Date(guess), timeZone);
    const [sy, sm, sd] = seen.day.split('-').map(Number);
    const [sh, smin] = seen.time.split(':').map(Number);
    guess += wanted - Date.UTC(sy!, sm! - 1, sd!, sh!, smin!);
  }
  return new Date(guess);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  return Math.round((Date.UTC(ty!, tm! - 1, td!) - Date.UTC(fy!, fm! - 1, fd!)) / 86_400_000);
}

/** A calendar day as people in Mexico write it: '2026-11-23' → '23/11/2026' (screens, CSV, receipts). */
export const diaMx = (day: string) => day.split('-').reverse().join('/');

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** A calendar day in words: '2026-11-23' → '23 de noviembre de 2026' (no time zone: a day is a day). */
export function diaLargo(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} de ${MESES[month! - 1]} de ${year}`;
}

/** A span of days for a concept: '23/11/2026' or '23/11/2026 a 24/11/2026'. */
export const periodoMx = (first: string, last: string) => (first === last ? diaMx(first) : `${diaMx(first)} a ${diaMx(last)}`);

/** `day` plus `days` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** How close a due date is, as a lawyer needs to see it. */
export type Urgency = { tone: 'overdue'; days: number; label: string } | { tone: 'soon'; days: number; label: string } | { tone: 'calm'; days: number; label: string };

/** A due date this many days ahead or closer is 'soon' (amber). */
export const SOON_DAYS = 7;

/**
 * 'Vencido hace N días' (red), 'Vence hoy' / 'Vence mañana' / 'Vence en N
 * días' within a week (amber), calm beyond it. Null without a due date, and
 * for what is already closed: a closed matter never alarms.
 */
export function urgencyOf(dueDate: string | null, today: string, closed = false): Urgency | null {
  if (!dueDate || closed) return null;
  const days = daysBetween(today, dueDate);
  if (days < 0) return { tone: 'overdue', days, label: days === -1 ? 'Vencido hace 1 día' : `Vencido hace ${-days} días` };
  if (days === 0) return { tone: 'soon', days, label: 'Vence hoy' };
  if (days === 1) return { tone: 'soon', days, label: 'Vence mañana' };
  if (days <= SOON_DAYS) return { tone: 'soon', days, label: `Vence en ${days} días` };
  return { tone: 'calm', days, label: `Vence en ${days} días` };
}

/** Time zones a lawyer in Mexico works in, with the names people use for them. */
export const MEXICO_TIME_ZONES = [
  { id: 'America/Mexico_City', nombre: 'Centro (Ciudad de México, Guadalajara, Monterrey)' },
  { id: 'America/Cancun', nombre: 'Sureste (Quintana Roo)' },
  { id: 'America/Mazatlan', nombre: 'Pacífico (Sinaloa, Nayarit, Baja California Sur)' },
  { id: 'America/Chihuahua', nombre: 'Chihuahua' },
  { id: 'America/Hermosillo', nombre: 'Sonora' },
  { id: 'America/Tijuana', nombre: 'Noroeste (Baja California)' },
] as const;

/** A time zone as a person reads it: its name and its current offset, 'Centro (…) · GMT-6'. */
export function timeZoneLabel(timeZone: string, now: Date = new Date()): string {
  const known = MEXICO_TIME_ZONES.find((zone) => zone.id === timeZone);
  const offset = new Intl.DateTimeFormat('es-MX', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(now).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const name = known?.nombre ?? timeZone.split('/').pop()!.replace(/_/g, ' ');
  return offset ? `${name} · ${offset}` : name;
}

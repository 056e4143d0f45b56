import { addDays, instantIn, todayIn, wallClockIn } from '@bufete/shared/dates';
import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';

/*
 * The calendar's days are the lawyer's days (Preferencias' time zone), the
 * week starts on Monday (spec part 2, section 9), and a month is always 42
 * cells. Days travel as YYYY-MM-DD; instants only at the edges (requests,
 * event times).
 */

export type CalendarView = 'lista' | 'semana' | 'mes';

/** The Monday on or before a day. */
export function mondayOf(day: string): string {
  const weekday = parseISO(day).getDay(); // 0 = domingo
  return addDays(day, -((weekday + 6) % 7));
}

/** The 42 days of a month's grid: from the Monday on or before the 1st. */
export function monthGrid(anyDayOfMonth: string): string[] {
  const first = mondayOf(`${anyDayOfMonth.slice(0, 8)}01`);
  return Array.from({ length: 42 }, (_, index) => addDays(first, index));
}

export function weekDays(anyDay: string): string[] {
  const monday = mondayOf(anyDay);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The instants a list of whole days spans, on the lawyer's clock: what to ask the server for. */
export function spanOf(days: string[], timeZone: string): { desde: string; hasta: string } {
  return { desde: instantIn(days[0]!, '00:00', timeZone).toISOString(), hasta: instantIn(addDays(days[days.length - 1]!, 1), '00:00', timeZone).toISOString() };
}

/** 'Anterior' / 'Siguiente': a week or a month away. */
export function shift(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === 'semana') return addDays(anchor, 7 * direction);
  const [year, month] = anchor.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1 + direction, 1));
  return date.toISOString().slice(0, 10);
}

/** 'noviembre de 2026', '17 – 23 de noviembre de 2026', '30 de noviembre – 6 de diciembre de 2026'. */
export function periodLabel(view: CalendarView, anchor: string): string {
  if (view === 'mes') return format(parseISO(anchor), "MMMM 'de' yyyy", { locale: es });
  const days = weekDays(anchor);
  const [first, last] = [parseISO(days[0]!), parseISO(days[6]!)];
  if (first.getMonth() === last.getMonth()) return `${format(first, 'd')} – ${format(last, "d 'de' MMMM 'de' yyyy", { locale: es })}`;
  if (first.getFullYear() === last.getFullYear()) return `${format(first, "d 'de' MMMM", { locale: es })} – ${format(last, "d 'de' MMMM 'de' yyyy", { locale: es })}`;
  return `${format(first, "d 'de' MMMM 'de' yyyy", { locale: es })} – ${format(last, "d 'de' MMMM 'de' yyyy", { locale: es })}`;
}

/** Where an event falls on the lawyer's clock: its day and minutes from midnight. */
export function placeOf(instant: string, timeZone: string): { day: string; minutes: number; time: string } {
  const { day, time } = wallClockIn(new Date(instant), timeZone);
  const [hours, minutes] = time.split(':').map(Number);
  return { day, time, minutes: hours! * 60 + minutes! };
}

/** 'lun 17', 'martes, 18 de noviembre' and friends. */
export const dayName = (day: string, pattern: string) => format(parseISO(day), pattern, { locale: es });

export const WEEKDAY_SHORT = ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'];

/** A new appointment's default: the next full hour today (or at 09:00 on another day), for an hour. */
export function defaultSlot(timeZone: string, day?: string, hour?: number): { day: string; time: string; endDay: string; endTime: string } {
  const today = todayIn(timeZone);
  let startHour = hour ?? (day && day !== today ? 9 : Number(wallClockIn(new Date(), timeZone).time.slice(0, 2)) + 1);
  let startDay = day ?? today;
  if (startHour > 23) {
    startHour = 9;
    startDay = addDays(startDay, 1);
  }
  const endHour = startHour + 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  return endHour > 23
    ? { day: startDay, time: `${pad(startHour)}:00`, endDay: addDays(startDay, 1), endTime: '00:00' }
    : { day: startDay, time: `${pad(startHour)}:00`, endDay: startDay, endTime: `${pad(endHour)}:00` };
}

/** Minutes since the epoch of a wall-clock day and time ('2026-12-03', '10:30'); null when either is not whole yet. */
function wallMinutes(day: string, time: string): number | null {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dayMatch || !timeMatch) return null;
  return Date.UTC(Number(dayMatch[1]), Number(dayMatch[2]) - 1, Number(dayMatch[3]), Number(timeMatch[1]), Number(timeMatch[2])) / 60_000;
}

/**
 * An appointment's end when its start moves: as far after the new start as
 * it was after the old one (an hour when it was not after it at all), on the
 * same wall clock the lawyer types. Null while either start is incomplete.
 */
export function endFollowingStart(
  before: { inicioDia: string; inicioHora: string; finDia: string; finHora: string },
  start: { inicioDia: string; inicioHora: string },
): { finDia: string; finHora: string } | null {
  const oldStart = wallMinutes(before.inicioDia, before.inicioHora);
  const newStart = wallMinutes(start.inicioDia, start.inicioHora);
  if (oldStart === null || newStart === null) return null;
  const oldEnd = wallMinutes(before.finDia, before.finHora);
  const duration = oldEnd !== null && oldEnd > oldStart ? oldEnd - oldStart : 60;
  const end = new Date((newStart + duration) * 60_000).toISOString();
  return { finDia: end.slice(0, 10), finHora: end.slice(11, 16) };
}

import type { Evento } from '@bufete/shared/calendario';
import { placeOf } from './dates';

export interface DaySegment {
  evento: Evento;
  /** Minutes from midnight where it starts and ends on this day (clipped to the day). */
  from: number;
  to: number;
  /** Its column among the events it overlaps, and how many columns they need. */
  lane: number;
  lanes: number;
}

/**
 * The part of each event that falls on each day (an event across midnight
 * shows on both days), placed side by side where events overlap: each group
 * of overlapping events is split into as many columns as it needs.
 */
export function segmentsByDay(days: string[], events: Evento[], timeZone: string): Map<string, DaySegment[]> {
  const byDay = new Map<string, DaySegment[]>(days.map((day) => [day, []]));
  for (const evento of events) {
    const start = placeOf(evento.inicio, timeZone);
    const end = placeOf(evento.fin, timeZone);
    for (const day of days) {
      if (day < start.day || day > end.day || (day === end.day && end.minutes === 0 && end.day !== start.day)) continue;
      const from = day === start.day ? start.minutes : 0;
      const to = day === end.day ? Math.max(end.minutes, from + 15) : 1440;
      byDay.get(day)!.push({ evento, from, to, lane: 0, lanes: 1 });
    }
  }
  for (const segments of byDay.values()) {
    segments.sort((a, b) => a.from - b.from || b.to - a.to);
    let group: DaySegment[] = [];
    let groupEnd = -1;
    const close = () => {
      const lanes = Math.max(1, ...group.map((segment) => segment.lane + 1));
      for (const segment of group) segment.lanes = lanes;
    };
    for (const segment of segments) {
      if (segment.from >= groupEnd) {
        close();
        group = [];
      }
      const used = new Set(group.filter((other) => other.to > segment.from).map((other) => other.lane));
      let lane = 0;
      while (used.has(lane)) lane += 1;
      segment.lane = lane;
      group.push(segment);
      groupEnd = Math.max(groupEnd, segment.to);
    }
    close();
  }
  return byDay;
}

/** The events that touch a day, by start (the month view's cells and the day dialog). */
export function eventsOfDay(day: string, events: Evento[], timeZone: string): Evento[] {
  return events.filter((evento) => {
    const start = placeOf(evento.inicio, timeZone);
    const end = placeOf(evento.fin, timeZone);
    return day >= start.day && (day < end.day || (day === end.day && (end.minutes > 0 || start.day === end.day)));
  });
}

import type { Evento } from '@bufete/shared/calendario';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { dayName, placeOf } from './dates';
import { EventMarks } from './EventChip';
import { segmentsByDay } from './layout';

const HOUR_PX = 48;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * 'Semana': seven day columns from Monday by 24 hourly rows, each event
 * placed by its time. Clicking an empty hour opens a new appointment there.
 * On a phone the grid scrolls sideways inside its frame, never the page.
 */
export function WeekView({
  days,
  events,
  timeZone,
  today,
  onOpen,
  onNewAt,
}: {
  days: string[];
  events: Evento[];
  timeZone: string;
  today: string;
  onOpen: (evento: Evento) => void;
  onNewAt: (day: string, hour: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const byDay = segmentsByDay(days, events, timeZone);
  // The working day in view first: 07:00 at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 7 * HOUR_PX;
  }, []);
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-white" data-testid="week-view">
      <div className="min-w-[44rem]">
        <div className="grid grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] border-b border-border">
          <div />
          {days.map((day) => (
            <div key={day} className={cn('px-2 py-2 text-center text-sm', day === today ? 'font-bold text-primary' : 'text-slate-700')}>
              <span className="block text-xs uppercase">{dayName(day, 'EEE')}</span>
              <span className={cn('mx-auto mt-0.5 flex size-8 items-center justify-center rounded-full text-base', day === today && 'bg-primary text-white')}>
                {dayName(day, 'd')}
              </span>
            </div>
          ))}
        </div>
        <div ref={scroller} className="max-h-[70vh] overflow-y-auto" tabIndex={0} role="region" aria-label="Horas de la semana">
          <div className="relative grid grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]" style={{ height: 24 * HOUR_PX }}>
            <div aria-hidden>
              {HOURS.map((hour) => (
                <div key={hour} className="relative border-b border-transparent pr-2 text-right text-xs text-slate-500" style={{ height: HOUR_PX }}>
                  <span className="relative -top-2">{hour === 0 ? '' : `${String(hour).padStart(2, '0')}:00`}</span>
                </div>
              ))}
            </div>
            {days.map((day) => (
              <div key={day} className={cn('relative border-l border-border', day === today && 'bg-blue-50/40')} data-day={day}>
                {HOURS.map((hour) => (
                  <div
                    key={hour}
                    className="cursor-pointer border-b border-slate-100 hover:bg-slate-50"
                    style={{ height: HOUR_PX }}
                    onClick={() => onNewAt(day, hour)}
                    aria-hidden
                    data-testid={`slot-${day}-${hour}`}
                  />
                ))}
                {byDay.get(day)!.map(({ evento, from, to, lane, lanes }) => (
                  <button
                    key={`${evento.id}-${day}`}
                    type="button"
                    onClick={() => onOpen(evento)}
                    className={cn(
                      'absolute overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs shadow-sm hover:brightness-95',
                      evento.origen === 'google' ? 'border-sky-500 bg-sky-100 text-sky-950' : 'border-primary bg-blue-100 text-blue-950',
                    )}
                    style={{
                      top: (from / 60) * HOUR_PX,
                      height: Math.max(((to - from) / 60) * HOUR_PX - 2, 20),
                      left: `calc(${(lane / lanes) * 100}% + 2px)`,
                      width: `calc(${100 / lanes}% - 4px)`,
                    }}
                    data-testid="week-event"
                    data-size-by-content
                  >
                    <span className="flex items-center gap-1">
                      <span className="truncate font-semibold">{evento.titulo}</span>
                      <EventMarks evento={evento} />
                    </span>
                    <span className="block truncate tabular-nums">
                      {placeOf(evento.inicio, timeZone).time}–{placeOf(evento.fin, timeZone).time}
                    </span>
                    {/* Its name is what it shows, then the day, for a screen reader. */}
                    <span className="sr-only">, {dayName(day, "EEEE d 'de' MMMM")}</span>
                  </button>
                ))}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

import { type Evento } from '@bufete/shared/calendario';
import { LIMITS } from '@bufete/shared/constants';
import { cn } from '@/lib/utils';
import { dayName, placeOf, WEEKDAY_SHORT } from './dates';
import { EventChip } from './EventChip';
import { eventsOfDay } from './layout';

/**
 * 'Mes': 42 cells (6 weeks from Monday), up to 3 appointments a day then
 * '+N más', which opens that day. Clicking a day opens a new appointment on it.
 */
export function MonthView({
  days,
  month,
  events,
  timeZone,
  today,
  compact,
  onOpen,
  onNewAt,
  onShowDay,
}: {
  days: string[];
  /** 'YYYY-MM' of the month shown (the other cells are the weeks around it). */
  month: string;
  events: Evento[];
  timeZone: string;
  today: string;
  /** A phone: cells show dots, and a day with appointments opens its list. */
  compact: boolean;
  onOpen: (evento: Evento) => void;
  onNewAt: (day: string) => void;
  onShowDay: (day: string) => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-white" data-testid="month-view">
      <div className="grid grid-cols-7 border-b border-border bg-slate-50">
        {WEEKDAY_SHORT.map((name) => (
          <div key={name} className="py-2 text-center text-xs font-semibold text-slate-600 uppercase">
            {name}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {days.map((day, index) => {
          const dayEvents = eventsOfDay(day, events, timeZone);
          const shown = dayEvents.slice(0, LIMITS.calendarEventsPerDay);
          const more = dayEvents.length - shown.length;
          const inMonth = day.startsWith(month);
          const openDay = () => (compact && dayEvents.length ? onShowDay(day) : onNewAt(day));
          const label = dayName(day, "EEEE d 'de' MMMM");
          return (
            <div
              key={day}
              className={cn(
                'flex min-h-20 min-w-0 cursor-pointer flex-col items-stretch gap-0.5 border-border p-0.5 sm:min-h-28 sm:p-1',
                index % 7 !== 0 && 'border-l',
                index >= 7 && 'border-t',
                !inMonth && 'bg-slate-50',
              )}
              onClick={openDay}
              data-testid="month-cell"
              data-day={day}
            >
              <button
                type="button"
                onClick={(event) => {
                  event.stopPropagation();
                  openDay();
                }}
                className={cn(
                  'flex size-11 items-center justify-center self-center rounded-full text-sm sm:size-7 sm:self-end',
                  day === today ? 'bg-primary font-bold text-white' : inMonth ? 'text-slate-800 hover:bg-slate-100' : 'text-slate-500 hover:bg-slate-100',
                )}
                aria-label={compact && dayEvents.length ? `${label}: ${dayEvents.length === 1 ? '1 cita' : `${dayEvents.length} citas`}` : `Nueva cita el ${label}`}
              >
                {dayName(day, 'd')}
              </button>
              {compact ? (
                dayEvents.length ? (
                  <span className="flex flex-wrap justify-center gap-0.5" aria-hidden>
                    {dayEvents.slice(0, 4).map((evento) => (
                      <span key={evento.id} className="size-1.5 rounded-full bg-primary" />
                    ))}
                  </span>
                ) : null
              ) : (
                <>
                  {shown.map((evento) => (
                    <EventChip
                      key={evento.id}
                      evento={evento}
                      time={placeOf(evento.inicio, timeZone).day === day ? placeOf(evento.inicio, timeZone).time : undefined}
                      onOpen={() => onOpen(evento)}
                    />
                  ))}
                  {more > 0 ? (
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        onShowDay(day);
                      }}
                      className="rounded px-1 text-left text-xs font-semibold text-primary hover:underline"
                      aria-label={`+${more} más: ver las ${dayEvents.length} citas del ${label}`}
                    >
                      +{more} más
                    </button>
                  ) : null}
                </>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

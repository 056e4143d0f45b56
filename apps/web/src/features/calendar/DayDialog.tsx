import type { Evento } from '@bufete/shared/calendario';
import { CalendarPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { dayName, placeOf } from './dates';
import { EventMarks } from './EventChip';

/** One day's appointments ('+N más' in the month view), each opening its dialog, and a new one on that day. */
export function DayDialog({
  day,
  events,
  timeZone,
  onOpen,
  onNew,
  onOpenChange,
}: {
  day: string | null;
  events: Evento[];
  timeZone: string;
  onOpen: (evento: Evento) => void;
  onNew: (day: string) => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={!!day} onOpenChange={onOpenChange}>
      <DialogContent>
        {day ? (
          <>
            <DialogHeader title={dayName(day, "EEEE d 'de' MMMM 'de' yyyy")} description={events.length === 1 ? '1 cita' : `${events.length} citas`} />
            <ul className="divide-y divide-border" data-testid="day-events">
              {events.map((evento) => (
                <li key={evento.id}>
                  <button type="button" onClick={() => onOpen(evento)} className="flex w-full items-center gap-3 rounded-lg px-2 py-3 text-left hover:bg-slate-50">
                    <span className="w-24 shrink-0 text-sm font-semibold text-slate-700 tabular-nums">
                      {placeOf(evento.inicio, timeZone).time}–{placeOf(evento.fin, timeZone).time}
                    </span>
                    <span className="min-w-0 flex-1 truncate text-slate-900">{evento.titulo}</span>
                    <EventMarks evento={evento} />
                  </button>
                </li>
              ))}
            </ul>
            <Button variant="outline" className="mt-4" onClick={() => onNew(day)}>
              <CalendarPlus aria-hidden /> Nueva cita este día
            </Button>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

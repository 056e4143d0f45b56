import { CalendarPlus, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTimeZone } from '@/lib/session';
import { useUpcomingEvents } from './api';
import { dayName, placeOf } from './dates';
import { EventDialog } from './dialogs';
import type { EventDialogTarget } from './EventDialog';

/** A case's upcoming appointments on its page, and a new one already linked to it (and its client). */
export function CaseAppointments({ casoId, clienteId, demo }: { casoId: string; clienteId: string | null; demo: boolean }) {
  const timeZone = useTimeZone();
  const upcoming = useUpcomingEvents({ caso_id: casoId }, !demo);
  const [target, setTarget] = useState<EventDialogTarget | null>(null);
  const items = upcoming.data ?? [];
  return (
    <Card className="mb-6">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">Próximas citas</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/calendario">Ver calendario</Link>
          </Button>
          {!demo ? (
            <Button variant="outline" size="sm" onClick={() => setTarget({ nuevo: { casoId, clienteId: clienteId ?? undefined } })}>
              <CalendarPlus aria-hidden /> Nueva cita
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {demo || (!upcoming.isPending && items.length === 0) ? (
          <p className="text-sm text-slate-600">{demo ? 'El caso de ejemplo no tiene citas.' : 'No hay citas próximas para este caso.'}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="case-appointments">
            {items.map((evento) => {
              const start = placeOf(evento.inicio, timeZone);
              return (
                <li key={evento.id}>
                  {/* On a phone the day goes above the title, which wraps whole ('Audiencia de desahogo de pruebas…' is the point of the line). */}
                  <button
                    type="button"
                    onClick={() => setTarget({ evento })}
                    className="-mx-2 grid w-full gap-x-3 gap-y-0.5 rounded-lg px-2 py-2 text-left hover:bg-slate-50 sm:grid-cols-[12rem_minmax(0,1fr)]"
                  >
                    <span className="text-sm font-semibold text-slate-700 first-letter:uppercase sm:whitespace-nowrap">
                      {dayName(start.day, "EEE d 'de' MMM")} · {start.time}
                    </span>
                    <span className="min-w-0 break-words text-slate-900 sm:truncate" title={evento.titulo}>
                      {evento.titulo}
                    </span>
                    {evento.ubicacion ? (
                      <span className="flex min-w-0 items-center gap-1 text-xs text-slate-500 sm:col-start-2">
                        <MapPin className="size-3 shrink-0" aria-hidden /> <span className="truncate">{evento.ubicacion}</span>
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <EventDialog target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </Card>
  );
}

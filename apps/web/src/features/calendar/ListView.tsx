import type { Evento } from '@bufete/shared/calendario';
import { CalendarPlus, ExternalLink, MapPin, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, LoadingState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { useTimeZone } from '@/lib/session';
import { useCalendarSummary, useUpcomingEvents } from './api';
import { dayName, placeOf } from './dates';
import { EventMarks } from './EventChip';

/** 'Lista': 'Próximos eventos' (the next 10), the statistics card and quick actions (spec part 2). */
export function ListView({
  onOpen,
  onNew,
  google,
  mios = false,
}: {
  onOpen: (evento: Evento) => void;
  onNew: () => void;
  google: { connected: boolean; syncing: boolean; onSync: () => void };
  /** Only the appointments of the cases the person works on. */
  mios?: boolean;
}) {
  const timeZone = useTimeZone();
  const upcoming = useUpcomingEvents(mios ? { mios: '1' } : {});
  const summary = useCalendarSummary();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-lg">Próximos eventos</CardTitle>
        </CardHeader>
        <CardContent>
          {upcoming.isPending ? (
            <LoadingState>Cargando citas...</LoadingState>
          ) : !upcoming.data?.length ? (
            <EmptyState>No tienes citas próximas. Crea una con «Nueva Cita».</EmptyState>
          ) : (
            <ul className="divide-y divide-border" data-testid="upcoming-events">
              {upcoming.data.map((evento) => {
                const start = placeOf(evento.inicio, timeZone);
                const end = placeOf(evento.fin, timeZone);
                return (
                  <li key={evento.id}>
                    <button type="button" onClick={() => onOpen(evento)} className="-mx-2 flex w-full items-start gap-3 rounded-lg px-2 py-3 text-left hover:bg-slate-50">
                      <span className="flex w-14 shrink-0 flex-col items-center rounded-lg bg-blue-50 py-1 text-primary">
                        <span className="text-xs font-medium uppercase">{dayName(start.day, 'MMM')}</span>
                        <span className="text-xl leading-none font-bold">{dayName(start.day, 'd')}</span>
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="flex items-center gap-1.5">
                          <span className="truncate font-medium text-slate-900">{evento.titulo}</span>
                          <EventMarks evento={evento} />
                        </span>
                        <span className="block text-sm text-slate-600">
                          {dayName(start.day, 'EEEE')} · {start.time}–{end.time}
                        </span>
                        {evento.ubicacion ? (
                          <span className="flex items-center gap-1 truncate text-xs text-slate-500">
                            <MapPin className="size-3 shrink-0" aria-hidden /> {evento.ubicacion}
                          </span>
                        ) : null}
                        {evento.caso || evento.cliente ? (
                          <span className="block truncate text-xs text-slate-500">{[evento.caso?.titulo, evento.cliente?.nombre].filter(Boolean).join(' · ')}</span>
                        ) : null}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Estadísticas</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-3 text-center">
              <div className="flex flex-col-reverse rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">Este mes</dt>
                <dd className="text-2xl font-bold text-slate-900" data-testid="stat-mes">
                  {summary.data?.este_mes ?? <Spinner className="mx-auto size-5 text-slate-400" />}
                </dd>
              </div>
              <div className="flex flex-col-reverse rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">Próximos 7 días</dt>
                <dd className="text-2xl font-bold text-slate-900" data-testid="stat-semana">
                  {summary.data?.proximos_7_dias ?? <Spinner className="mx-auto size-5 text-slate-400" />}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Acciones rápidas</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Button variant="outline" className="justify-start" onClick={onNew}>
              <CalendarPlus aria-hidden /> Nueva cita
            </Button>
            {google.connected ? (
              <>
                <Button variant="outline" className="justify-start" onClick={google.onSync} disabled={google.syncing}>
                  {google.syncing ? <Spinner /> : <RefreshCw aria-hidden />} Sincronizar
                </Button>
                <Button asChild variant="outline" className="justify-start">
                  <a href="https://calendar.google.com/calendar/r" target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden /> Abrir Google Calendar
                  </a>
                </Button>
              </>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

import { type Evento } from '@bufete/shared/calendario';
import { MSG } from '@bufete/shared/messages';
import { todayIn } from '@bufete/shared/dates';
import { CalendarPlus, ChevronLeft, ChevronRight, Link2, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { useMediaQuery } from '@/lib/hooks';
import { useTimeZone } from '@/lib/session';
import { cn } from '@/lib/utils';
import { PlazoButton } from './plazos/PlazoButton';
import { useDisconnectGoogle, useEventRange, useGoogleStatus, useSyncGoogle } from './api';
import { type CalendarView, monthGrid, periodLabel, shift, spanOf, weekDays } from './dates';
import { DayDialog } from './DayDialog';
import type { EventDialogTarget } from './EventDialog';
import { GoogleConnectCard, GoogleSyncCard } from './GoogleCards';
import { eventsOfDay } from './layout';
import { ListView } from './ListView';
import { MonthView } from './MonthView';
import { BrowserNoticesButton } from './reminders';
import { WeekView } from './WeekView';
import { EventDialog } from './dialogs';
import { PAGE_HEADINGS } from '@/lib/page-headings';
import { Select } from '@/components/ui/select';
import { useTeam } from '@/lib/options';

const VIEWS: { id: CalendarView; label: string }[] = [
  { id: 'lista', label: 'Lista' },
  { id: 'semana', label: 'Semana' },
  { id: 'mes', label: 'Mes' },
];

/**
 * /calendario (spec part 2): first the connection check, then the calendar,
 * which works for everyone (appointments live in Bufete); Google adds sync.
 * The view and the period are in the address, so a reload keeps them.
 */
export default function CalendarPage() {
  const google = useGoogleStatus();
  // The heading stays where the page's HTML painted it while the connection is checked.
  if (google.isPending)
    return (
      <div>
        <PageHeader {...PAGE_HEADINGS.calendario} />
        <LoadingState>{MSG.calendar.verificando}</LoadingState>
      </div>
    );
  return <Calendar />;
}

function Calendar() {
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const compact = !useMediaQuery('(min-width: 640px)');
  const [params, setParams] = useSearchParams();
  const view = (['lista', 'semana', 'mes'] as const).find((id) => id === params.get('vista')) ?? 'lista';
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(params.get('fecha') ?? '') ? params.get('fecha')! : today;
  const go = (next: { vista?: CalendarView; fecha?: string }) =>
    setParams({ vista: next.vista ?? view, ...((next.fecha ?? anchor) !== today ? { fecha: next.fecha ?? anchor } : {}) }, { replace: true });

  const status = useGoogleStatus().data!;
  const sync = useSyncGoogle();
  const disconnect = useDisconnectGoogle();
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const [target, setTarget] = useState<EventDialogTarget | null>(null);
  const [shownDay, setShownDay] = useState<string | null>(null);

  const days = view === 'semana' ? weekDays(anchor) : monthGrid(anchor);
  const span = spanOf(days, timeZone);
  // 'Míos' / 'Todos' where there is a team to tell apart (issue 46): the appointments of the cases one works on.
  const team = !!useTeam();
  const [mios, setMios] = useState(false);
  const range = useEventRange(span.desde, span.hasta, { enabled: view !== 'lista', mios: team && mios });
  const events = range.data ?? [];

  const open = (evento: Evento) => {
    setShownDay(null);
    setTarget({ evento });
  };
  const onSync = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(serverMessage(error, MSG.calendar.errorConexion)),
    });
  const onDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(result.message);
        setConfirmingDisconnect(false);
      },
      onError: () => toast.error(MSG.calendar.errorConexion),
    });

  return (
    <div>
      <PageHeader
        {...PAGE_HEADINGS.calendario}
        actions={
          <>
            {status.conectado ? (
              <>
                <Button variant="outline" onClick={onSync} disabled={sync.isPending}>
                  {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden />} Sincronizar
                </Button>
                <Button variant="outline" onClick={() => setConfirmingDisconnect(true)}>
                  <Unplug aria-hidden /> Desconectar
                </Button>
              </>
            ) : null}
            <PlazoButton />
            <Button onClick={() => setTarget({ nuevo: {} })}>
              <CalendarPlus aria-hidden /> Nueva Cita
            </Button>
          </>
        }
      />

      {status.aviso ? (
        <Alert variant="warning" className="mb-4">
          {status.aviso}
        </Alert>
      ) : null}
      {/* Without Google enabled on the installation there is nothing to connect: no banner (Integraciones says why). */}
      {status.conectado ? <GoogleSyncCard status={status} /> : status.configurado ? <GoogleConnectCard /> : null}

      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <div className="inline-flex rounded-lg bg-slate-100 p-1" role="group" aria-label="Vista del calendario">
            {VIEWS.map(({ id, label }) => (
              <button
                key={id}
                type="button"
                aria-pressed={view === id}
                onClick={() => go({ vista: id })}
                className={cn('h-11 rounded-md px-4 text-sm font-medium sm:h-8', view === id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
              >
                {label}
              </button>
            ))}
          </div>
          {view !== 'lista' ? (
            <div className="flex items-center gap-1">
              <Button variant="outline" size="icon" onClick={() => go({ fecha: shift(view, anchor, -1) })} aria-label="Anterior">
                <ChevronLeft aria-hidden />
              </Button>
              <Button variant="outline" onClick={() => go({ fecha: today })}>
                Hoy
              </Button>
              <Button variant="outline" size="icon" onClick={() => go({ fecha: shift(view, anchor, 1) })} aria-label="Siguiente">
                <ChevronRight aria-hidden />
              </Button>
            </div>
          ) : null}
          {team ? (
            <Select className="w-auto" value={mios ? 'mios' : 'todos'} onChange={(event) => setMios(event.target.value === 'mios')} aria-label="Filtrar por persona">
              <option value="todos">Todo el despacho</option>
              <option value="mios">De mis casos</option>
            </Select>
          ) : null}
          {view !== 'lista' ? (
            <h2 className="text-lg font-semibold text-slate-900 first-letter:uppercase" aria-live="polite" data-testid="period-label">
              {periodLabel(view, anchor)}
              {range.isFetching ? <Spinner className="ml-2 inline size-4 text-slate-400" /> : null}
            </h2>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-600" aria-label="Leyenda">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-green-600" aria-hidden /> Vinculada a un caso
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-purple-600" aria-hidden /> Con etiquetas
          </span>
          {status.conectado ? (
            <span className="inline-flex items-center gap-1.5">
              <Link2 className="size-3.5" aria-hidden /> Azul claro: vino de Google
            </span>
          ) : null}
          <BrowserNoticesButton />
        </div>
      </div>

      {range.isError ? (
        <Alert variant="error" className="mb-4">
          No se pudieron cargar tus citas. Recarga la página para intentarlo de nuevo.
        </Alert>
      ) : null}

      {view === 'lista' ? (
        <ListView onOpen={open} onNew={() => setTarget({ nuevo: {} })} google={{ connected: status.conectado, syncing: sync.isPending, onSync }} mios={team && mios} />
      ) : view === 'semana' ? (
        <WeekView days={days} events={events} timeZone={timeZone} today={today} onOpen={open} onNewAt={(day, hour) => setTarget({ nuevo: { day, hour } })} />
      ) : (
        <MonthView
          days={days}
          month={anchor.slice(0, 7)}
          events={events}
          timeZone={timeZone}
          today={today}
          compact={compact}
          onOpen={open}
          onNewAt={(day) => setTarget({ nuevo: { day } })}
          onShowDay={setShownDay}
        />
      )}

      <EventDialog target={target} onOpenChange={(isOpen) => !isOpen && setTarget(null)} />
      <DayDialog
        day={shownDay}
        events={shownDay ? eventsOfDay(shownDay, events, timeZone) : []}
        timeZone={timeZone}
        onOpen={open}
        onNew={(day) => {
          setShownDay(null);
          setTarget({ nuevo: { day } });
        }}
        onOpenChange={(isOpen) => !isOpen && setShownDay(null)}
      />
      <ConfirmDialog
        open={confirmingDisconnect}
        onOpenChange={setConfirmingDisconnect}
        title="Desconectar Google Calendar"
        description="Las citas que vinieron de Google dejarán de verse en Bufete; las que creaste en Bufete se quedan. Puedes volver a conectar cuando quieras."
        confirmLabel="Desconectar"
        busy={disconnect.isPending}
        onConfirm={onDisconnect}
      />
    </div>
  );
}

import type { Entrada } from '@bufete/shared/tiempo';
import { importeDeEntrada } from '@bufete/shared/values/tiempo';
import { Clock, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { askRateOf, takeFocusRequest, useDiscardTimer, useStopTimer, useTimer } from './api';

/** 'HH:MM:SS' since an instant. */
export function elapsedOf(since: string, now: number) {
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** The current time, ticking every second while `running`. */
export function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [running]);
  return now;
}

const errorText = (error: unknown) => serverMessage(error, 'No se pudo guardar. Inténtalo de nuevo.');

export const registered = (entrada: Entrada) => toast.success(`Tiempo registrado: ${entrada.horas} h · ${importeDeEntrada(entrada)}`);

/**
 * Stopping the timer, from its card or the top bar. It always stops: without a
 * saved rate the time is kept without one and its rate is asked right then
 * (or, left for later, when it is billed). Time is billed in quarter hours, so
 * a timer stopped under a minute (a click by mistake, most often) asks before
 * it becomes 0.25 h.
 */
export function useStopTimerFlow() {
  const stop = useStopTimer();
  const discard = useDiscardTimer();
  const [asking, setAsking] = useState(false);
  const save = () =>
    stop.mutate('', {
      onSuccess: (entrada) => {
        setAsking(false);
        // Asked by the top bar's slot: the card or chip that stopped it may be gone already.
        if (entrada.tarifa_por_hora === null) askRateOf(entrada);
        else registered(entrada);
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorText(error));
      },
    });
  const dialog = (
    <Dialog open={asking} onOpenChange={setAsking}>
      <DialogContent>
        <DialogHeader
          title="El temporizador lleva menos de un minuto"
          description="El tiempo se registra en cuartos de hora: si lo detienes ahora se registrará 0.25 h (15 minutos)."
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => setAsking(false)}>
            Seguir contando
          </Button>
          <Button variant="outline" onClick={() => discard.mutate(undefined, { onSuccess: () => setAsking(false) })} disabled={discard.isPending}>
            Descartar sin registrar
          </Button>
          <Button onClick={save} disabled={stop.isPending}>
            {stop.isPending ? <Spinner /> : null} Registrar 0.25 h
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
  return {
    pending: stop.isPending,
    /** Stops the timer started at `since`, asking first when it ran under a minute. */
    stop(since: string) {
      if (Date.now() - Date.parse(since) < 60_000) setAsking(true);
      else save();
    },
    dialog,
  };
}

/** The running timer on every screen (the top bar): its case, the time so far, and stop. */
export function TimerChip() {
  const timer = useTimer();
  const running = timer.data;
  const now = useNow(!!running);
  const stop = useStopTimerFlow();
  const stopButton = useRef<HTMLButtonElement>(null);
  // Started from the top bar's dialog: the keyboard lands on the new chip's stop button, not the page's top.
  useEffect(() => {
    if (running && takeFocusRequest()) stopButton.current?.focus();
  }, [running]);
  if (!running) return null;
  return (
    <div className="flex items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-0.5 pr-0.5 pl-2 text-blue-900" data-testid="timer-chip">
      <Link to={`/casos/${running.caso.id}?tab=tiempo`} className="flex min-h-9 min-w-0 items-center gap-1.5 text-sm" title={`Temporizador en marcha: ${running.caso.titulo}`}>
        <Clock className="size-4 shrink-0" aria-hidden />
        <span className="font-mono font-semibold tabular-nums" aria-label="Tiempo transcurrido">
          {elapsedOf(running.iniciado, now)}
        </span>
        <span className="hidden max-w-[10rem] truncate md:inline">{running.caso.titulo}</span>
      </Link>
      <Button
        ref={stopButton}
        size="icon"
        variant="ghost"
        className="size-9 rounded-full text-blue-900 hover:bg-blue-100"
        onClick={() => stop.stop(running.iniciado)}
        disabled={stop.pending}
        aria-label={`Detener el temporizador de ${running.caso.titulo}`}
      >
        {stop.pending ? <Spinner /> : <Square className="size-4" aria-hidden />}
      </Button>
      {stop.dialog}
    </div>
  );
}

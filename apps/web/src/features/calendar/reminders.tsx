import type { Evento } from '@bufete/shared/calendario';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { usePageSettled } from '@/lib/hooks';
import { useSession, useTimeZone } from '@/lib/session';
import { useEventRange } from './api';
import { placeOf } from './dates';

const SHOWN_KEY = 'bufete.avisos-mostrados';
const LOOK_AHEAD_MS = 61 * 60_000;

function alreadyShown(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(SHOWN_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function markShown(key: string) {
  // Kept short: only the most recent reminders matter.
  const keys = [...alreadyShown(), key].slice(-200);
  localStorage.setItem(SHOWN_KEY, JSON.stringify(keys));
}

/**
 * The popup reminders of appointments, while Bufete is open (spec: popup
 * reminder): an in-app notice N minutes before the start, and a browser
 * notification when the lawyer allowed them. Each shows once, across tabs.
 */
export function useAppointmentReminders() {
  const { session } = useSession();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  // The window moves each minute; the request is keyed by the minute.
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000));
  useEffect(() => {
    const timer = window.setInterval(() => setMinute(Math.floor(Date.now() / 60_000)), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const desde = new Date(minute * 60_000).toISOString();
  const hasta = new Date(minute * 60_000 + LOOK_AHEAD_MS).toISOString();
  // Nothing to remind of in the first seconds: the look-ahead waits until the page opened has painted.
  const settled = usePageSettled();
  const upcoming = useEventRange(desde, hasta, { enabled: !!session && settled });

  useEffect(() => {
    const timers: number[] = [];
    for (const evento of upcoming.data ?? []) {
      if (!evento.recordatorio_popup) continue;
      const start = Date.parse(evento.inicio);
      const at = start - evento.recordatorio_popup * 60_000;
      const key = `${evento.id}:${evento.inicio}:${evento.recordatorio_popup}`;
      if (start <= Date.now() || alreadyShown().has(key)) continue;
      timers.push(window.setTimeout(() => show(evento, key), Math.max(0, at - Date.now())));
    }
    return () => timers.forEach((timer) => window.clearTimeout(timer));

    function show(evento: Evento, key: string) {
      if (alreadyShown().has(key)) return;
      markShown(key);
      const time = placeOf(evento.inicio, timeZone).time;
      toast.info(`Próxima cita: ${evento.titulo}`, {
        description: `Empieza a las ${time}${evento.ubicacion ? ` en ${evento.ubicacion}` : ''}.`,
        duration: 60_000,
        action: { label: 'Ver calendario', onClick: () => navigate('/calendario') },
      });
      if ('Notification' in window && Notification.permission === 'granted') {
        new Notification(`Próxima cita: ${evento.titulo}`, { body: `Empieza a las ${time}${evento.ubicacion ? ` · ${evento.ubicacion}` : ''}`, tag: key });
      }
    }
  }, [upcoming.data, timeZone, navigate]);
}

/** Asks the browser for permission to show appointment notices outside the tab (only while it has not been decided). */
export function BrowserNoticesButton() {
  const [permission, setPermission] = useState(() => ('Notification' in window ? Notification.permission : 'denied'));
  if (permission !== 'default') return null;
  return (
    <Button variant="ghost" size="sm" onClick={() => void Notification.requestPermission().then(setPermission)}>
      <BellRing aria-hidden /> Avisos del navegador
    </Button>
  );
}

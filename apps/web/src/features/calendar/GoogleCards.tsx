import { type GoogleStatus } from '@bufete/shared/calendario';
import { MSG } from '@bufete/shared/messages';
import { formatDistanceToNow } from 'date-fns';
import { es } from 'date-fns/locale';
import { CalendarCheck2, CalendarSync, RefreshCw, Stethoscope, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { useConnectGoogle, useGoogleStatus } from './api';
import { IconTile } from '@/components/ui/icon-tile';

/** Starts the OAuth round trip: the server gives the Google address, the browser goes there. */
export function useStartGoogleConnection() {
  const connect = useConnectGoogle();
  return {
    pending: connect.isPending,
    start: () =>
      connect.mutate(undefined, {
        onSuccess: (url) => window.location.assign(url),
        onError: (error) => toast.error(serverMessage(error, MSG.calendar.errorConexion)),
      }),
  };
}

const DISMISSED_KEY = 'bufete.google-card-oculta';

/**
 * Not connected: what connecting adds, 'Conectar con Google Calendar' and
 * 'Refrescar Estado' (spec part 2). A lawyer who does not use Google hides it
 * (this browser remembers); Configuración → Integraciones still connects.
 * Shown only where the installation has Google enabled.
 */
export function GoogleConnectCard() {
  const connection = useStartGoogleConnection();
  const refresh = useGoogleStatus();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  if (dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return (
    <Card className="relative mb-6 flex flex-col gap-4 border-blue-200 bg-blue-50 p-5 pr-14 sm:flex-row sm:items-center" data-testid="google-connect-card">
      <Button variant="ghost" size="icon" className="absolute top-2 right-2 sm:size-9" onClick={dismiss} aria-label="Ocultar la invitación a Google Calendar" title="Ocultar">
        <X aria-hidden />
      </Button>
      <IconTile icon={CalendarSync} className="size-11 rounded-full bg-white text-primary" iconClassName="size-6" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-slate-900">Conecta tu Google Calendar</h2>
        <p className="text-sm text-slate-700">
          Tus citas ya se guardan en Bufete y te avisan por email y en pantalla. Si además usas Google Calendar, conéctalo: lo que crees aquí aparecerá allí, y lo que crees allí,
          aquí.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void refresh.refetch()} disabled={refresh.isFetching}>
          {refresh.isFetching ? <Spinner /> : <RefreshCw aria-hidden />} Refrescar Estado
        </Button>
        <Button onClick={connection.start} disabled={connection.pending}>
          {connection.pending ? <Spinner /> : null} Conectar con Google Calendar
        </Button>
      </div>
    </Card>
  );
}

/** Connected: when it last synced, and the diagnostic (the spec's diagnostics card). */
export function GoogleSyncCard({ status }: { status: GoogleStatus }) {
  return (
    <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="google-sync-card">
      <IconTile icon={CalendarCheck2} className="size-10 rounded-full bg-green-100 text-green-700" />
      <p className="min-w-0 flex-1 text-sm text-slate-700">
        <strong className="text-slate-900">Google Calendar conectado.</strong>{' '}
        {status.ultima_sincronizacion
          ? `Última sincronización ${formatDistanceToNow(new Date(status.ultima_sincronizacion), { locale: es, addSuffix: true })}.`
          : 'Aún no se ha sincronizado.'}{' '}
        Se sincroniza sola cada pocos minutos.
      </p>
      <Button asChild variant="ghost" size="sm">
        <Link to="/google-calendar-diagnostic">
          <Stethoscope aria-hidden /> Diagnóstico
        </Link>
      </Button>
    </Card>
  );
}

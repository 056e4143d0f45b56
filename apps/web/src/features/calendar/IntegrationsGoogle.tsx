import { MSG } from '@bufete/shared/messages';
import { CalendarDays, ClipboardCopy, Rss, RefreshCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCalendarFeed, useDisconnectGoogle, useGoogleStatus, useRegenerateFeed } from './api';
import { useStartGoogleConnection } from './GoogleCards';
import { IconTile } from '@/components/ui/icon-tile';

/** Settings → Integraciones: the Google Calendar row, connect or disconnect (spec part 2). */
export function GoogleIntegrationRow() {
  const status = useGoogleStatus();
  const connection = useStartGoogleConnection();
  const disconnect = useDisconnectGoogle();
  const connected = status.data?.conectado ?? false;
  return (
    <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="integration-google">
      <IconTile icon={CalendarDays} className="size-10 rounded-lg bg-slate-100 text-slate-700" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          Google Calendar {status.data ? <Badge variant={connected ? 'success' : 'secondary'}>{connected ? 'Conectado' : 'No conectado'}</Badge> : null}
        </p>
        <p className="text-sm text-slate-600">
          {connected
            ? 'Tus citas se sincronizan en ambos sentidos con tu calendario principal.'
            : status.data?.configurado === false
              ? MSG.calendar.noConfigurado
              : 'Sincroniza tus citas con tu calendario de Google.'}
        </p>
      </div>
      {connected ? (
        <Button
          variant="outline"
          onClick={() => disconnect.mutate(undefined, { onSuccess: (result) => toast.success(result.message), onError: () => toast.error(MSG.calendar.errorConexion) })}
          disabled={disconnect.isPending}
        >
          {disconnect.isPending ? <Spinner /> : null} Desconectar
        </Button>
      ) : (
        <Button onClick={connection.start} disabled={connection.pending || !status.data?.configurado}>
          {connection.pending ? <Spinner /> : null} Conectar
        </Button>
      )}
    </div>
  );
}

/**
 * The private subscription address (.ics) for Apple Calendar, Outlook or
 * Google: shown on demand, copied with one click, regenerated to revoke it.
 */
export function CalendarFeedRow() {
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(shown);
  const regenerate = useRegenerateFeed();
  const [confirming, setConfirming] = useState(false);
  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data);
      toast.success('Enlace copiado');
    } catch {
      toast.error('No se pudo copiar: selecciona el enlace y cópialo a mano.');
    }
  };
  return (
    <div className="flex flex-col gap-3 py-4" data-testid="integration-feed">
      {/* On a phone the button goes under the text, as in every setting row (components/setting-row.tsx). */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <IconTile icon={Rss} className="size-10 rounded-lg bg-slate-100 text-slate-700" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">Suscripción de calendario (.ics)</p>
            <p className="text-sm text-slate-600">
              Un enlace privado para ver tus citas en Apple Calendar, Outlook o Google Calendar (solo lectura). Quien tenga el enlace ve tus citas: no lo compartas.
            </p>
          </div>
        </div>
        {!shown ? (
          <div className="pl-[3.25rem] sm:pl-0">
            <Button variant="outline" onClick={() => setShown(true)}>
              Mostrar enlace
            </Button>
          </div>
        ) : null}
      </div>
      {shown ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:pl-13">
          <label htmlFor="feed-url" className="sr-only">
            Enlace de suscripción
          </label>
          <Input id="feed-url" readOnly value={feed.data ?? 'Generando enlace...'} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs sm:text-xs" />
          <div className="flex shrink-0 gap-2">
            <Button variant="outline" onClick={() => void copy()} disabled={!feed.data}>
              <ClipboardCopy aria-hidden /> Copiar enlace
            </Button>
            <Button variant="outline" onClick={() => setConfirming(true)} disabled={!feed.data}>
              <RefreshCcw aria-hidden /> Regenerar enlace
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmActionDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerar enlace"
        description="El enlace actual dejará de funcionar en todos los calendarios suscritos. Tendrás que suscribirte de nuevo con el enlace nuevo."
        confirmLabel="Regenerar"
        action={regenerate}
        done={(result) => result.message}
        failed="No se pudo regenerar el enlace."
      />
    </div>
  );
}

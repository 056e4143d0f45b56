import { MSG } from '@bufete/shared/messages';
import { LogOut, Monitor } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/list-states';
import { serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { useClock } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useEndSessions, useSessions } from './api';

const failed = (error: unknown) => toast.error(serverMessage(error, 'No se pudo cerrar la sesión. Inténtalo de nuevo.'));

/** Configuración → Seguridad: 'Sesiones abiertas', each with where and when, closed one by one or all but this one. */
export function SessionsCard() {
  const list = useSessions();
  const end = useEndSessions();
  const { timeZone } = useClock();
  const others = (list.data ?? []).filter((sesion) => !sesion.actual).length;
  return (
    <Card className="max-w-xl" data-testid="sessions-card">
      <CardHeader>
        <CardTitle className="text-lg">Sesiones abiertas</CardTitle>
        <CardDescription>Dónde has iniciado sesión. Si no reconoces alguna, ciérrala y cambia tu contraseña.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {list.isPending ? <LoadingState>Cargando sesiones...</LoadingState> : null}
        {list.isError ? <Alert variant="error">No se pudieron cargar tus sesiones. Inténtalo de nuevo.</Alert> : null}
        {list.data ? (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {list.data.map((sesion) => (
              <li key={sesion.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3 text-sm" data-testid="session-row">
                <div className="flex min-w-0 items-start gap-3">
                  <Monitor className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {sesion.navegador} · {sesion.sistema}
                      {sesion.actual ? <Badge variant="success">Esta sesión</Badge> : null}
                    </p>
                    <p className="text-slate-600">
                      {sesion.ip ? `Desde ${sesion.ip} · ` : ''}Última actividad: {formatShortDateTime(sesion.ultima_actividad, timeZone)}
                    </p>
                  </div>
                </div>
                {sesion.actual ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={end.one.isPending}
                    onClick={() => end.one.mutate(sesion.id, { onSuccess: () => toast.success(MSG.sesiones.cerrada), onError: failed })}
                  >
                    Cerrar sesión
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {others > 0 ? (
          <div className="flex justify-end">
            <Button
              variant="outline"
              disabled={end.others.isPending}
              onClick={() => end.others.mutate(undefined, { onSuccess: (n) => toast.success(MSG.sesiones.cerradas(n)), onError: failed })}
            >
              <LogOut aria-hidden /> Cerrar las demás
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

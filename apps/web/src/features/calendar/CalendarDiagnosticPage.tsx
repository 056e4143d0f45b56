import type { CalendarDiagnostic } from '@bufete/shared/calendario';
import { calendarioApi } from '@bufete/shared/api/calendario';
import { AlertTriangle, CheckCircle2, ClipboardCopy, Eraser, Loader2, RotateCw, XCircle } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { StandalonePage } from '@/components/ui/standalone-page';
import { call, serverMessage, statusOf } from '@/lib/api';

type Check = { id: string; nombre: string; estado: 'loading' | 'success' | 'warning' | 'error'; detalle: string };

const ICONS = {
  loading: <Loader2 className="size-4 animate-spin text-slate-500" aria-label="Comprobando" />,
  success: <CheckCircle2 className="size-4 text-success" aria-label="Correcto" />,
  warning: <AlertTriangle className="size-4 text-warning" aria-label="Advertencia" />,
  error: <XCircle className="size-4 text-destructive" aria-label="Error" />,
};

/** Data a browser may keep during the round trip (Bufete keeps none: the session is a cookie). */
const OAUTH_KEYS_PREFIX = 'bufete.oauth';
const preservedKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(OAUTH_KEYS_PREFIX));

/**
 * /google-calendar-diagnostic (spec part 1, 2.8): each check loading,
 * success, warning or error; 'Volver a ejecutar', 'Limpiar datos OAuth' and
 * 'Copiar valores'. Open to anyone; without a session it says so. No token
 * or secret ever appears.
 */
export default function CalendarDiagnosticPage() {
  const [checks, setChecks] = useState<Check[]>([]);
  const [values, setValues] = useState<CalendarDiagnostic['valores']>({});

  const run = useCallback(async () => {
    setChecks([{ id: 'servidor', nombre: 'Comprobaciones del servidor', estado: 'loading', detalle: 'Ejecutando...' }]);
    const local: Check = preservedKeys().length
      ? {
          id: 'oauth-local',
          nombre: 'Datos OAuth guardados',
          estado: 'warning',
          detalle: `Hay ${preservedKeys().length} datos de una conexión anterior en este navegador. Puedes limpiarlos.`,
        }
      : { id: 'oauth-local', nombre: 'Datos OAuth guardados', estado: 'success', detalle: 'No hay datos de conexión pendientes en este navegador.' };
    try {
      const result = await call(calendarioApi.diagnostic);
      setChecks([...result.checks, local]);
      setValues(result.valores);
    } catch (caught) {
      const signedOut = statusOf(caught) === 401;
      setChecks([
        {
          id: 'usuario',
          nombre: 'Usuario',
          estado: 'error',
          detalle: signedOut ? 'No has iniciado sesión: inicia sesión para comprobar tu conexión.' : serverMessage(caught, 'No se pudo contactar con el servidor.'),
        },
        local,
      ]);
    }
  }, []);

  useEffect(() => {
    void run();
  }, [run]);

  const clear = () => {
    for (const key of preservedKeys()) localStorage.removeItem(key);
    toast.success('Datos OAuth de este navegador borrados');
    void run();
  };
  const copy = async () => {
    const text = Object.entries(values)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n');
    try {
      await navigator.clipboard.writeText(text || 'Sin valores (inicia sesión para obtenerlos).');
      toast.success('Valores copiados');
    } catch {
      toast.error('No se pudieron copiar los valores');
    }
  };

  return (
    <StandalonePage title="Diagnóstico de Google Calendar" description="Comprueba la configuración del servidor, tu sesión y tu conexión con Google Calendar.">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void run()}>
          <RotateCw aria-hidden /> Volver a ejecutar
        </Button>
        <Button variant="outline" onClick={clear}>
          <Eraser aria-hidden /> Limpiar datos OAuth
        </Button>
        <Button variant="outline" onClick={() => void copy()}>
          <ClipboardCopy aria-hidden /> Copiar valores
        </Button>
      </div>
      <ol className="divide-y divide-border rounded-lg border border-border" aria-label="Resultados del diagnóstico" data-testid="calendar-diagnostic">
        {checks.map((check) => (
          <li key={check.id} className="flex items-start gap-2 p-3 text-sm" data-status={check.estado}>
            <span className="mt-0.5">{ICONS[check.estado]}</span>
            <span className="min-w-0">
              <strong className="font-medium text-slate-900">{check.nombre}</strong>
              <span className="block break-words text-slate-600">{check.detalle}</span>
            </span>
          </li>
        ))}
      </ol>
      {Object.keys(values).length ? (
        <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-[auto_1fr]">
          {Object.entries(values).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-medium text-slate-700">{key}</dt>
              <dd className="break-all text-slate-600">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="text-sm text-slate-600">
        <Link to="/calendario" className="font-medium text-primary hover:underline">
          Volver al calendario
        </Link>
      </p>
    </StandalonePage>
  );
}

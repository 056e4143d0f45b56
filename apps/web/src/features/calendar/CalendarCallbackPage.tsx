import { LIMITS } from '@bufete/shared/constants';
import { MSG } from '@bufete/shared/messages';
import { calendarioApi } from '@bufete/shared/api/calendario';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StandalonePage } from '@/components/ui/standalone-page';
import { call, codeOf, serverMessage, statusOf } from '@/lib/api';

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

/** Network trouble is retried: up to 5 attempts, 2 s apart, the first 500 ms after the page loads (spec part 1, section 9). */
const ATTEMPTS = 5;
const RETRY_MS = 2000;
const FIRST_ATTEMPT_MS = 500;

/**
 * /calendar/callback (spec part 1, 2.9): Google sends the lawyer back here
 * with `code` and `state` (or `error`). The server checks that the state is
 * this session's and exchanges the code once; on success the calendar opens
 * after 2 seconds. It runs once: finished is finished.
 */
export default function CalendarCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get('error');
    const code = params.get('code');
    const oauthState = params.get('state');
    if (error) return setState({ kind: 'error', message: MSG.calendar.errorAutorizacion(error === 'access_denied' ? 'acceso denegado' : error) });
    if (!code) return setState({ kind: 'error', message: MSG.calendar.sinCodigo });
    if (!oauthState) return setState({ kind: 'error', message: MSG.calendar.sinParametros });

    let timer: number | undefined;
    const attempt = async (number: number) => {
      try {
        await call(calendarioApi.callback, { body: { code, state: oauthState } });
        setState({ kind: 'success' });
        timer = window.setTimeout(() => navigate('/calendario', { replace: true }), LIMITS.calendarRedirectMs);
      } catch (caught) {
        const retryable = (codeOf(caught) === 'NETWORK' || (statusOf(caught) ?? 0) >= 500) && codeOf(caught) !== 'GOOGLE_FAILED';
        if (retryable && number < ATTEMPTS) {
          timer = window.setTimeout(() => void attempt(number + 1), RETRY_MS);
          return;
        }
        const message = statusOf(caught) === 401 ? MSG.calendar.sesionPerdida : serverMessage(caught, MSG.calendar.errorConectar);
        setState({ kind: 'error', message });
      }
    };
    timer = window.setTimeout(() => void attempt(1), FIRST_ATTEMPT_MS);
    return () => window.clearTimeout(timer);
  }, [params, navigate]);

  return (
    <StandalonePage title="Conectando Google Calendar" narrow>
      {state.kind === 'loading' ? (
        <p className="flex items-center gap-2 text-slate-700" role="status">
          <Loader2 className="size-5 animate-spin text-primary" aria-hidden /> Conectando con Google Calendar...
        </p>
      ) : state.kind === 'success' ? (
        <div className="space-y-3 text-center" role="status">
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
          <p className="font-medium text-slate-900">{MSG.calendar.conectado}</p>
          <p className="text-sm text-slate-600">Te llevamos a tu calendario...</p>
        </div>
      ) : (
        <div className="space-y-4">
          <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
          <Alert variant="error">{state.message}</Alert>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button asChild variant="outline">
              <Link to="/login">Iniciar sesión</Link>
            </Button>
            <Button asChild>
              <Link to="/calendario">Ir al calendario</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/google-calendar-diagnostic">Diagnóstico</Link>
            </Button>
          </div>
        </div>
      )}
    </StandalonePage>
  );
}

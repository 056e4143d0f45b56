import { LIMITS } from '@bufete/shared/constants';
import { MSG } from '@bufete/shared/messages';
import { CheckCircle2, Mail, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { AuthLayout } from './AuthLayout';
import { useRefreshSession } from '@/lib/session';
import { EmailText } from '@/components/ui/email-text';
import { pendingEmail } from './pending-email';
import { authApi } from './api';

type State = { kind: 'verifying' } | { kind: 'confirmed'; signedIn: boolean } | { kind: 'error'; message: string } | { kind: 'waiting' };

/** Spec 2.7: with type=signup and a token, confirm and go to /dashboard after 3 s; otherwise wait for the email. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const isSignupLink = params.get('type') === 'signup' && !!token;
  const location = useLocation();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const email = (location.state as { email?: string } | null)?.email ?? pendingEmail.get();
  const [state, setState] = useState<State>(isSignupLink ? { kind: 'verifying' } : { kind: 'waiting' });
  const [resend, setResend] = useState<{ busy: boolean; notice: string | null; error: string | null }>({ busy: false, notice: null, error: null });
  const started = useRef(false);

  useEffect(() => {
    if (!isSignupLink || started.current) return;
    started.current = true; // a link token is spent once; StrictMode must not send it twice
    authApi
      .confirmEmail(token)
      .then(async ({ signed_in: signedIn }) => {
        pendingEmail.clear();
        if (signedIn) await refreshSession();
        setState({ kind: 'confirmed', signedIn });
      })
      .catch((error: unknown) => setState({ kind: 'error', message: serverMessage(error, MSG.confirm.unexpected) }));
  }, [isSignupLink, token, refreshSession]);

  useEffect(() => {
    if (state.kind !== 'confirmed' || !state.signedIn) return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), LIMITS.redirectAfterConfirmMs);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  useEffect(() => {
    if (!resend.notice) return;
    const timer = setTimeout(() => setResend((r) => ({ ...r, notice: null })), LIMITS.resendNoticeMs);
    return () => clearTimeout(timer);
  }, [resend.notice]);

  const onResend = async () => {
    if (!email) {
      setResend({ busy: false, notice: null, error: MSG.confirm.noEmail });
      return;
    }
    setResend({ busy: true, notice: null, error: null });
    try {
      await authApi.resendConfirmation(email);
      setResend({ busy: false, notice: MSG.confirm.resendSuccess, error: null });
    } catch (error) {
      setResend({ busy: false, notice: null, error: serverMessage(error, MSG.confirm.resendUnexpected) });
    }
  };

  const backToLogin = (
    <Button asChild variant="ghost" className="w-full">
      <Link to="/login">Volver al inicio de sesión</Link>
    </Button>
  );

  if (state.kind === 'verifying') {
    return (
      <AuthLayout title="Confirmando tu email">
        <div className="flex items-center justify-center gap-3 py-6 text-slate-600" role="status">
          <Spinner className="size-5 text-primary" />
          Verificando tu enlace de confirmación...
        </div>
      </AuthLayout>
    );
  }

  if (state.kind === 'confirmed') {
    return (
      <AuthLayout title="¡Email confirmado!">
        <div className="space-y-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
          {state.signedIn ? (
            <>
              <p className="text-slate-700">Tu cuenta está activa. Te llevaremos al dashboard en unos segundos.</p>
              <Button className="w-full" onClick={() => navigate('/dashboard', { replace: true })}>
                Ir al Dashboard
              </Button>
            </>
          ) : (
            <>
              <p className="text-slate-700">Tu email ya estaba confirmado. Inicia sesión para continuar.</p>
              <Button asChild className="w-full">
                <Link to="/login">Iniciar Sesión</Link>
              </Button>
            </>
          )}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={state.kind === 'error' ? 'No se pudo confirmar' : 'Confirma tu email'}>
      <div className="space-y-4 text-center">
        {state.kind === 'error' ? (
          <>
            <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
            <Alert variant="error" className="text-left">
              {state.message}
            </Alert>
          </>
        ) : (
          <>
            <Mail className="mx-auto size-12 text-primary" aria-hidden />
            <p className="text-slate-700">
              Te enviamos un enlace de confirmación
              {email ? (
                <>
                  {' '}
                  a{' '}
                  <strong>
                    <EmailText email={email} />
                  </strong>
                </>
              ) : null}
              . Revisa tu bandeja de entrada y sigue el enlace para activar tu cuenta.
            </p>
            <p className="text-sm text-slate-600">Si no lo encuentras, revisa tu carpeta de spam.</p>
          </>
        )}
        {resend.notice ? <Alert variant="success">{resend.notice}</Alert> : null}
        {resend.error ? <Alert variant="error">{resend.error}</Alert> : null}
        {email ? (
          <Button variant="outline" className="w-full" onClick={onResend} disabled={resend.busy}>
            {resend.busy ? <Spinner /> : null}
            {resend.busy ? 'Reenviando...' : 'Reenviar email de confirmación'}
          </Button>
        ) : null}
        {backToLogin}
      </div>
    </AuthLayout>
  );
}

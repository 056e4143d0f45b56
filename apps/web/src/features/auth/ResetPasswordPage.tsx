import { type NewPasswordInput, newPasswordSchema } from '@bufete/shared/account';
import { LIMITS } from '@bufete/shared/constants';
import { MSG } from '@bufete/shared/messages';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { codeOf, serverMessage, serverSays, statusOf } from '@/lib/api';
import { AuthLayout } from './AuthLayout';
import { useRefreshSession } from '@/lib/session';
import { useSchemaForm } from '@/lib/forms';
import { FormInput } from '@/components/form-input';
import { authApi } from './api';

type State = { kind: 'verifying' } | { kind: 'invalid'; message: string } | { kind: 'form' } | { kind: 'updated' };

/** Spec 2.6: verifying → form → updated (→ /dashboard after 3 s), or the invalid-link state. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const [state, setState] = useState<State>({ kind: 'verifying' });
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<NewPasswordInput>(newPasswordSchema, { password: '', confirmPassword: '', desconectar_google: false });
  const { isSubmitting } = form.formState;

  useEffect(() => {
    if (!token) {
      setState({ kind: 'invalid', message: MSG.reset.invalidSession });
      return;
    }
    let cancelled = false;
    authApi
      .checkResetToken(token)
      .then(({ state: tokenState }) => {
        if (cancelled) return;
        if (tokenState === 'valid') setState({ kind: 'form' });
        else setState({ kind: 'invalid', message: tokenState === 'expired' ? MSG.reset.sessionExpired : MSG.reset.invalidSession });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ kind: 'invalid', message: serverMessage(error, MSG.reset.unexpected) });
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  useEffect(() => {
    if (state.kind !== 'updated') return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), LIMITS.redirectAfterResetMs);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { dos_factores } = await authApi.resetPassword({ ...values, token: token ?? '' });
      // A new password never skips the second step.
      if (dos_factores) return navigate('/verificacion', { replace: true });
      await refreshSession();
      setState({ kind: 'updated' });
    } catch (error) {
      if (serverSays(error) && (error.code === 'INVALID_TOKEN' || error.code === 'EXPIRED_TOKEN')) {
        setState({ kind: 'invalid', message: error.message });
      } else if (serverSays(error) && error.field) {
        form.setError(error.field as keyof NewPasswordInput, { message: error.message });
      } else {
        // A lost database, a full disk or too many tries say what to do; anything else is the spec's 'Error al actualizar…'.
        const passing = ['DATABASE_UNAVAILABLE', 'STORAGE_FULL', 'RATE_LIMITED'].includes(codeOf(error) ?? '');
        setFormError(passing ? serverMessage(error, MSG.reset.other) : statusOf(error) !== null ? MSG.reset.other : MSG.reset.unexpected);
      }
    }
  });

  if (state.kind === 'verifying') {
    return (
      <AuthLayout title="Restablecer Contraseña">
        <div className="flex items-center justify-center gap-3 py-6 text-slate-600" role="status">
          <Spinner className="size-5 text-primary" />
          Verificando enlace de recuperación...
        </div>
      </AuthLayout>
    );
  }

  if (state.kind === 'invalid') {
    return (
      <AuthLayout title="Enlace inválido">
        <div className="space-y-4">
          <Alert variant="error">{state.message}</Alert>
          <Button asChild className="w-full">
            <Link to="/forgot-password">Solicitar nuevo enlace</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (state.kind === 'updated') {
    return (
      <AuthLayout title="¡Contraseña actualizada!">
        <div className="space-y-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
          <p className="text-slate-700">Tu contraseña se actualizó correctamente. Te llevaremos al dashboard en unos segundos.</p>
          <Button className="w-full" onClick={() => navigate('/dashboard', { replace: true })}>
            Ir al Dashboard
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Nueva Contraseña" description="Elige una contraseña nueva para tu cuenta.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <KeyRound className="mx-auto size-10 text-primary" aria-hidden />
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <FormInput form={form} name="password" label="Nueva contraseña" password autoComplete="new-password" placeholder="Mínimo 12 caracteres" />
        <FormInput form={form} name="confirmPassword" label="Confirmar contraseña" password autoComplete="new-password" placeholder="Repite la contraseña" />
        <label className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('desconectar_google')} />
          <span>Desconectar también Google Calendar, si lo tenías conectado (si crees que alguien más conoció tu contraseña).</span>
        </label>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Actualizando...' : 'Actualizar contraseña'}
        </Button>
      </form>
    </AuthLayout>
  );
}

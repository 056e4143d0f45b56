import { toast } from '@/lib/toast';
import { MSG } from '@bufete/shared/messages';
import { type TwoFactorVerifyInput, twoFactorVerifySchema } from '@bufete/shared/security';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormInput } from '@/components/form-input';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { codeOf } from '@/lib/api';
import { useFormSubmit, useSchemaForm } from '@/lib/forms';
import { useRefreshSession } from '@/lib/session';
import { authApi } from './api';
import { AuthLayout } from './AuthLayout';

/**
 * The second step of signing in with two-factor sign-in on: the code of the
 * authenticator app, or a recovery code; 'Recordar este dispositivo 30 días'.
 */
export default function TwoFactorPage() {
  const refreshSession = useRefreshSession();
  const [recovery, setRecovery] = useState(false);
  const [expired, setExpired] = useState(false);
  const form = useSchemaForm<TwoFactorVerifyInput>(twoFactorVerifySchema, { codigo: '', recordar: false });
  const { isSubmitting } = form.formState;

  const { onSubmit, error: formError } = useFormSubmit(form, { fields: ['codigo'], unexpected: () => MSG.login.unexpected }, async (values) => {
    try {
      const { restaurada } = await authApi.verifyTwoFactor(values);
      if (restaurada) toast.success(MSG.cierre.restaurada, { duration: 15_000 });
      // The public-only rule moves the person to /dashboard once the session is there.
      await refreshSession();
    } catch (error) {
      // An expired sign-in offers to start again, under the message.
      if (codeOf(error) === 'TWO_FACTOR_EXPIRED') setExpired(true);
      throw error;
    }
  });

  return (
    <AuthLayout
      title="Verificación en dos pasos"
      description={
        recovery ? 'Escribe uno de los códigos de recuperación que guardaste. Cada uno sirve una sola vez.' : 'Escribe el código de 6 dígitos que muestra tu app de autenticación.'
      }
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          Volver a iniciar sesión
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        {expired ? null : (
          <>
            <FormInput
              key={recovery ? 'recuperacion' : 'app'}
              form={form}
              name="codigo"
              label={recovery ? 'Código de recuperación' : 'Código de verificación'}
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
              autoFocus
            />
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4 accent-primary" {...form.register('recordar')} />
              Recordar este dispositivo 30 días
            </label>
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              {isSubmitting ? 'Verificando...' : 'Verificar'}
            </Button>
            <button
              type="button"
              className="min-h-11 w-full text-sm font-medium text-primary hover:underline"
              onClick={() => {
                setRecovery((value) => !value);
                form.setValue('codigo', '');
                form.clearErrors();
              }}
            >
              {recovery ? 'Usar el código de mi app' : 'Usar un código de recuperación'}
            </button>
          </>
        )}
      </form>
    </AuthLayout>
  );
}

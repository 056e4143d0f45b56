import { type LoginInput, loginSchema } from '@bufete/shared';
import { accountApi } from '@bufete/shared/account';
import { MSG } from '@bufete/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { call } from '@/lib/api';
import { AuthLayout } from './AuthLayout';
import { applyServerError } from './errors';
import { useRefreshSession } from '@/lib/session';
import { useSchemaForm } from '@/lib/forms';

export default function LoginPage() {
  const refreshSession = useRefreshSession();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<LoginInput>(loginSchema, { email: '', password: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await call(accountApi.signIn, { body: values });
      // No navigation here: the public-only rule moves the person to /dashboard.
      await refreshSession();
    } catch (error) {
      setFormError(applyServerError(error, { setError: form.setError, fields: [], unexpected: () => MSG.login.unexpected }));
    }
  });

  return (
    <AuthLayout
      title="Iniciar Sesión"
      description="Accede a tu despacho para gestionar casos, clientes y documentos."
      footer={
        <>
          ¿No tienes cuenta?{' '}
          <Link to="/register" className="font-medium text-primary hover:underline">
            Regístrate
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="tu@email.com"
            {...form.register('email')}
          />
        </FormField>
        <FormField id="password" label="Contraseña" error={errors.password?.message}>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            placeholder="••••••••"
            {...form.register('password')}
          />
        </FormField>
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            ¿Olvidaste tu contraseña?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Iniciando sesión...' : 'Iniciar Sesión'}
        </Button>
      </form>
    </AuthLayout>
  );
}

import { toast } from '@/lib/toast';
import { type LoginInput, loginSchema } from '@bufete/shared/account';
import { MSG } from '@bufete/shared/messages';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AuthLayout } from './AuthLayout';
import { useRefreshSession } from '@/lib/session';
import { FormInput } from '@/components/form-input';
import { authApi } from './api';
import { useFormSubmit, useSchemaForm } from '@/lib/forms';

export default function LoginPage() {
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const form = useSchemaForm<LoginInput>(loginSchema, { email: '', password: '' });
  const { isSubmitting } = form.formState;

  const { onSubmit, error: formError } = useFormSubmit(form, { fields: [], unexpected: () => MSG.login.unexpected }, async (values) => {
    const { dos_factores, restaurada } = await authApi.signIn(values);
    // Two-factor sign-in: the code next, on its own page (no session yet).
    if (dos_factores) return navigate('/verificacion');
    if (restaurada) toast.success(MSG.cierre.restaurada, { duration: 15_000 });
    // No navigation here: the public-only rule moves the person to /dashboard.
    await refreshSession();
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
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="email" placeholder="tu@email.com" />
        <FormInput form={form} name="password" label="Contraseña" password autoComplete="current-password" placeholder="••••••••" />
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

import { type RegisterInput, registerSchema } from '@bufete/shared/account';
import { MSG } from '@bufete/shared/messages';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AuthLayout } from './AuthLayout';
import { pendingEmail } from './pending-email';
import { FormInput } from '@/components/form-input';
import { authApi } from './api';
import { useFormSubmit, useSchemaForm } from '@/lib/forms';

const FIELDS = ['nombre', 'apellido', 'email', 'especialidad', 'password', 'confirmPassword'] as const;

export default function RegisterPage() {
  const navigate = useNavigate();
  const form = useSchemaForm<RegisterInput>(registerSchema, { nombre: '', apellido: '', email: '', especialidad: '', password: '', confirmPassword: '' });
  const { isSubmitting } = form.formState;

  const { onSubmit, error: formError } = useFormSubmit(
    form,
    { fields: FIELDS, unexpected: (e) => MSG.register.unexpected(e instanceof Error ? e.message : String(e)) },
    async (values) => {
      // The new account keeps the lawyer's own clock: the browser's time zone.
      const result = await authApi.signUp({ ...values, zona_horaria: Intl.DateTimeFormat().resolvedOptions().timeZone });
      pendingEmail.set(result.email);
      navigate('/confirm-email', { state: { email: result.email } });
    },
  );

  return (
    <AuthLayout
      title="Crear Cuenta"
      description="Regístrate para empezar a gestionar tu práctica legal."
      footer={
        <>
          ¿Ya tienes cuenta?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Inicia sesión
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput form={form} name="nombre" label="Nombre" autoComplete="given-name" placeholder="Juan" />
          <FormInput form={form} name="apellido" label="Apellido" autoComplete="family-name" placeholder="Pérez" />
        </div>
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="email" placeholder="tu@email.com" />
        <FormInput form={form} name="especialidad" label="Especialidad (opcional)" placeholder="Ej: Derecho Civil, Derecho Penal..." />
        <FormInput form={form} name="password" label="Contraseña" password autoComplete="new-password" placeholder="Mínimo 12 caracteres" />
        <FormInput form={form} name="confirmPassword" label="Confirmar contraseña" password autoComplete="new-password" placeholder="Repite la contraseña" />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Creando cuenta...' : 'Crear Cuenta'}
        </Button>
      </form>
    </AuthLayout>
  );
}

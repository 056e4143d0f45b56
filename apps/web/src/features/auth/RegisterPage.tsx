import { MSG, type RegisterInput, registerSchema } from '@bufete/shared';
import { accountApi } from '@bufete/shared/account';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { call } from '@/lib/api';
import { AuthLayout } from './AuthLayout';
import { applyServerError, messageOf } from './errors';
import { pendingEmail } from './pending-email';
import { useSchemaForm } from '@/lib/forms';

const FIELDS = ['nombre', 'apellido', 'email', 'especialidad', 'password', 'confirmPassword'] as const;

export default function RegisterPage() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<RegisterInput>(registerSchema, { nombre: '', apellido: '', email: '', especialidad: '', password: '', confirmPassword: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // The new account keeps the lawyer's own clock: the browser's time zone.
      const result = await call(accountApi.signUp, { body: { ...values, zona_horaria: Intl.DateTimeFormat().resolvedOptions().timeZone } });
      pendingEmail.set(result.email);
      navigate('/confirm-email', { state: { email: result.email } });
    } catch (error) {
      setFormError(
        applyServerError(error, { setError: form.setError, fields: FIELDS, unexpected: (e) => MSG.register.unexpected(messageOf(e)) }),
      );
    }
  });


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
          <FormField id="nombre" label="Nombre" error={errors.nombre?.message}>
            <Input id="nombre" autoComplete="given-name" placeholder="Juan" {...form.register('nombre')} />
          </FormField>
          <FormField id="apellido" label="Apellido" error={errors.apellido?.message}>
            <Input id="apellido" autoComplete="family-name" placeholder="Pérez" {...form.register('apellido')} />
          </FormField>
        </div>
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" placeholder="tu@email.com" {...form.register('email')} />
        </FormField>
        <FormField id="especialidad" label="Especialidad (opcional)" error={errors.especialidad?.message}>
          <Input id="especialidad" placeholder="Ej: Derecho Civil, Derecho Penal..." {...form.register('especialidad')} />
        </FormField>
        <FormField id="password" label="Contraseña" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="new-password" placeholder="Mínimo 12 caracteres" {...form.register('password')} />
        </FormField>
        <FormField id="confirmPassword" label="Confirmar contraseña" error={errors.confirmPassword?.message}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" placeholder="Repite la contraseña" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Creando cuenta...' : 'Crear Cuenta'}
        </Button>
      </form>
    </AuthLayout>
  );
}

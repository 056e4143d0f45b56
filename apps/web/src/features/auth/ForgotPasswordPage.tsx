import { type ForgotPasswordInput, forgotPasswordSchema } from '@bufete/shared/account';
import { MSG } from '@bufete/shared/messages';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { AuthLayout } from './AuthLayout';
import { EmailText } from '@/components/ui/email-text';
import { FormInput } from '@/components/form-input';
import { authApi } from './api';
import { useFormSubmit, useSchemaForm } from '@/lib/forms';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const form = useSchemaForm<ForgotPasswordInput>(forgotPasswordSchema, { email: '' });
  const { isSubmitting } = form.formState;

  const send = async (email: string) => authApi.forgotPassword(email);
  const unexpected = () => MSG.forgot.unexpected;

  const {
    onSubmit,
    error: formError,
    setError: setFormError,
  } = useFormSubmit(form, { fields: ['email'], unexpected }, async (values) => {
    await send(values.email);
    setSentTo(values.email.trim().toLowerCase());
  });

  const resend = async () => {
    if (!sentTo) return;
    setResending(true);
    setFormError(null);
    setResent(false);
    try {
      await send(sentTo);
      setResent(true);
    } catch (error) {
      setFormError(serverMessage(error, MSG.forgot.unexpected));
    } finally {
      setResending(false);
    }
  };

  const backToLogin = (
    <Link to="/login" className="font-medium text-primary hover:underline">
      Volver al inicio de sesión
    </Link>
  );

  if (sentTo) {
    return (
      <AuthLayout title="Revisa tu email" footer={backToLogin}>
        <div className="space-y-4 text-center">
          <MailCheck className="mx-auto size-12 text-primary" aria-hidden />
          <p className="text-slate-700">
            Hemos enviado un enlace de recuperación a{' '}
            <strong>
              <EmailText email={sentTo} />
            </strong>
            .
          </p>
          <p className="text-sm text-slate-600">El enlace expira en 1 hora. Si no lo ves, revisa tu carpeta de spam.</p>
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          {resent ? <Alert variant="success">Te enviamos un nuevo enlace.</Alert> : null}
          <Button variant="outline" className="w-full" onClick={resend} disabled={resending}>
            {resending ? <Spinner /> : null}
            {resending ? 'Reenviando...' : 'Reenviar email'}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Recuperar Contraseña" description="Escribe tu email y te enviaremos un enlace para crear una nueva contraseña." footer={backToLogin}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="email" placeholder="tu@email.com" />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Enviando...' : 'Enviar enlace de recuperación'}
        </Button>
      </form>
    </AuthLayout>
  );
}

import { MSG } from '@bufete/shared/messages';
import { portalContrasenaSchema, portalEntrarContrasenaSchema } from '@bufete/shared/portal';
import { KeyRound, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { serverMessage } from '@/lib/api';
import { usePortalPasswordSignIn, useSetPortalPassword } from './api';

/** 'Entrar con contraseña', for a client who set one in the portal (the link by email still works). */
export function PasswordSignInForm() {
  const signIn = usePortalPasswordSignIn();
  const [email, setEmail] = useState('');
  const [contrasena, setContrasena] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        const parsed = portalEntrarContrasenaSchema.safeParse({ email, contrasena });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.portal.credencialesInvalidas);
        signIn.mutate(parsed.data, { onError: (failure) => setError(serverMessage(failure, MSG.http.sinConexion)) });
      }}
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="portal-login-email" label="Correo">
        <Input id="portal-login-email" type="email" autoComplete="username" inputMode="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </FormField>
      <FormField id="portal-login-password" label="Contraseña">
        <PasswordInput id="portal-login-password" autoComplete="current-password" value={contrasena} onChange={(event) => setContrasena(event.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" className="w-full" disabled={signIn.isPending}>
        <LogIn aria-hidden /> {signIn.isPending ? 'Entrando...' : 'Entrar con contraseña'}
      </Button>
    </form>
  );
}

/** 'Tu contraseña (opcional)': to come back without waiting for a link. */
export function PasswordCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const save = useSetPortalPassword();
  const [contrasena, setContrasena] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Tu contraseña (opcional)</h2>
        <CardDescription>
          {hasPassword
            ? 'Ya tienes una contraseña: entras con tu correo y ella, o con un enlace a tu correo. Puedes cambiarla aquí.'
            : 'Si la guardas, entras con tu correo y tu contraseña sin esperar un enlace. El enlace a tu correo sigue funcionando.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            setDone(null);
            const parsed = portalContrasenaSchema.safeParse({ contrasena });
            if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.validation.passwordNuevaMin);
            save.mutate(parsed.data.contrasena, {
              onSuccess: (message) => {
                setContrasena('');
                setDone(message);
              },
              onError: (failure) => setError(serverMessage(failure, MSG.http.sinConexion)),
            });
          }}
        >
          {/* The address, for the browser's password manager to save the pair. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormField id="portal-new-password" label={hasPassword ? 'Nueva contraseña' : 'Contraseña'} error={error ?? undefined} hint="Al menos 12 caracteres.">
            <PasswordInput id="portal-new-password" autoComplete="new-password" value={contrasena} onChange={(event) => setContrasena(event.target.value)} />
          </FormField>
          {done ? <Alert variant="success">{done}</Alert> : null}
          <Button type="submit" disabled={save.isPending}>
            <KeyRound aria-hidden /> {save.isPending ? 'Guardando...' : 'Guardar contraseña'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

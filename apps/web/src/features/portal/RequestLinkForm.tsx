import { MSG } from '@bufete/shared/messages';
import { portalEnlaceSchema } from '@bufete/shared/portal';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { serverMessage } from '@/lib/api';
import { useRequestLink } from './api';

/** 'Entrar': the address the lawyer invited; a link goes to it (the answer never says whether it has access). */
export function RequestLinkForm() {
  const request = useRequestLink();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        const parsed = portalEnlaceSchema.safeParse({ email });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.validation.emailInvalid);
        request.mutate(parsed.data.email, { onSuccess: setSent, onError: (failure) => setError(serverMessage(failure, MSG.http.sinConexion)) });
      }}
    >
      <FormField id="portal-email" label="Tu correo" error={error ?? undefined} hint="El que le diste a tu abogado.">
        <Input id="portal-email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </FormField>
      {sent ? <Alert variant="success">{sent}</Alert> : null}
      <Button type="submit" className="w-full" disabled={request.isPending}>
        <Mail aria-hidden /> {request.isPending ? 'Enviando...' : 'Enviarme un enlace para entrar'}
      </Button>
    </form>
  );
}

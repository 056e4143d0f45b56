import { MSG } from '@bufete/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/list-states';
import { serverMessage } from '@/lib/api';
import { usePortalSignIn } from './api';
import { PortalShell } from './PortalShell';
import { RequestLinkForm } from './RequestLinkForm';

/**
 * /portal/entrar#token: the link of the email. The token is in the address's
 * fragment (never sent to a server, so in no log), read once and wiped from
 * the address bar before it is exchanged for a session.
 */
export default function PortalSignInPage() {
  const signIn = usePortalSignIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.slice(1);
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setError(MSG.portal.enlaceInvalido);
      return;
    }
    signIn.mutate(token, { onSuccess: () => navigate('/portal', { replace: true }), onError: (failure) => setError(serverMessage(failure, MSG.portal.enlaceInvalido)) });
  }, [navigate, signIn]);
  return (
    <PortalShell>
      {error ? (
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold text-slate-900">Entrar al portal</h1>
          </CardHeader>
          <CardContent className="space-y-4">
            <Alert variant="error">{error}</Alert>
            <RequestLinkForm />
          </CardContent>
        </Card>
      ) : (
        <LoadingState>Entrando al portal...</LoadingState>
      )}
    </PortalShell>
  );
}

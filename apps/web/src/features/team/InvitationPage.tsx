import { equipoApi } from '@bufete/shared/api/equipo';
import { MSG } from '@bufete/shared/messages';
import { ROL_NOMBRE } from '@bufete/shared/values/equipo';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { StandalonePage } from '@/components/ui/standalone-page';
import { call, serverMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { keepPendingInvitation } from './pending';

/**
 * /invitacion#token: the link of a titular's invitation (issue 46). The token
 * is in the fragment (never sent to a server, so in no log); what it offers
 * is shown first, and joining is one click once signed in with the invited
 * address. Signed out, the page keeps the token in this browser, so after
 * creating the account (or signing in) the app brings the person back here.
 */
export default function InvitationPage() {
  const [token] = useState(() => window.location.hash.slice(1));
  const { session, loading } = useSession();
  const offer = useQuery({
    queryKey: ['invitacion', token],
    queryFn: () => call(equipoApi.verInvitacion, { body: { token } }),
    enabled: token.length > 0,
    retry: false,
  });
  const accept = useMutation({ mutationFn: () => call(equipoApi.aceptar, { body: { token } }) });

  if (!token) return <Problem message={MSG.equipo.invitacionInvalida} />;
  if (offer.isPending || loading) return <LoadingState>Leyendo la invitación...</LoadingState>;
  if (offer.isError) return <Problem message={serverMessage(offer.error, MSG.equipo.invitacionInvalida)} />;
  const { despacho, rol, estado } = offer.data;
  if (estado === 'caducada') return <Problem message={MSG.equipo.invitacionCaducada} />;
  if (estado === 'usada') return <Problem message={MSG.equipo.invitacionUsada} />;
  const description = `Te invitan a trabajar en ${despacho} como ${ROL_NOMBRE[rol]}.`;

  if (!session) {
    keepPendingInvitation(token);
    return (
      <StandalonePage title="Invitación a un despacho" description={description} narrow>
        <p className="text-sm text-slate-700">Entra con tu propia cuenta, con el correo al que llegó la invitación. Si aún no tienes una, créala: al confirmarla volverás aquí.</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/register" className={buttonVariants()}>
            Crear mi cuenta
          </Link>
          <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
            Ya tengo cuenta
          </Link>
        </div>
      </StandalonePage>
    );
  }
  return (
    <StandalonePage title="Invitación a un despacho" description={description} narrow>
      {accept.isError ? <Alert variant="error">{serverMessage(accept.error, 'No se pudo aceptar la invitación. Inténtalo de nuevo.')}</Alert> : null}
      <p className="text-sm text-slate-700">
        Entrarás como <strong>{session.user.email}</strong>. Tu cuenta y tu propio despacho siguen siendo tuyos: cambias de uno a otro desde la barra superior.
      </p>
      <Button
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(undefined, {
            // A full load: the app starts in the new despacho with nothing of the other in memory.
            onSuccess: () => window.location.assign('/dashboard'),
          })
        }
      >
        {accept.isPending ? <Spinner /> : null}
        Unirme al despacho
      </Button>
    </StandalonePage>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <StandalonePage title="Invitación a un despacho" narrow>
      <Alert variant="error">{message}</Alert>
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        Ir a Bufete
      </Link>
    </StandalonePage>
  );
}

import { clientePortalApi } from '@bufete/shared/api/portal';
import { MSG } from '@bufete/shared/messages';
import { type ClienteRef } from '@bufete/shared/casos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { call, serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { resourceKeys } from '@/lib/resources';
import { useClock } from '@/lib/session';
import { toast } from '@/lib/toast';

/** A client's portal access, cached where a case's 'Portal' tab reads it too. */
const portalKey = (id: string) => [...resourceKeys.clientes, 'portal', id] as const;

/**
 * 'Portal' on a client's page and on their case's 'Portal' tab (issue 38):
 * invite them (a one-use link to their email), see when they last came,
 * suspend them at any moment.
 */
export function PortalCard({ cliente }: { cliente: ClienteRef }) {
  const { timeZone } = useClock();
  const queryClient = useQueryClient();
  const access = useQuery({ queryKey: portalKey(cliente.id), queryFn: async ({ signal }) => (await call(clientePortalApi.get, { params: { id: cliente.id }, signal })).acceso });
  const settle = (data: { acceso: unknown }) => queryClient.setQueryData(portalKey(cliente.id), data.acceso);
  const invite = useMutation({ mutationFn: () => call(clientePortalApi.invite, { params: { id: cliente.id } }), onSuccess: settle });
  const suspend = useMutation({ mutationFn: () => call(clientePortalApi.suspend, { params: { id: cliente.id } }), onSuccess: settle });
  const acceso = access.data ?? null;
  return (
    <Card className="mb-6" data-testid="client-portal">
      <CardHeader>
        <CardTitle className="text-lg">Portal</CardTitle>
        <CardDescription>
          Tu cliente sigue su asunto desde su teléfono: ve sus asuntos, lo que marques «Visible para el cliente» y sus facturas. Entra con un enlace a su correo.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {acceso ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Badge variant={acceso.estado === 'activo' ? 'success' : 'secondary'}>{acceso.estado === 'activo' ? 'Con acceso' : 'Suspendido'}</Badge>
            <span>
              Invitado el {formatShortDateTime(acceso.invitado_at, timeZone)} a {acceso.email} ·{' '}
              {acceso.ultima_visita_at ? `última visita el ${formatShortDateTime(acceso.ultima_visita_at, timeZone)}` : 'aún no entra'}
            </span>
          </div>
        ) : access.isSuccess ? (
          <p className="text-sm text-slate-600">{cliente.email ? 'Sin acceso al portal.' : MSG.portal.clienteSinEmail}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!cliente.email || invite.isPending}
            onClick={() =>
              invite.mutate(undefined, {
                onSuccess: (data) => toast.success(MSG.portal.invitacionEnviada(data.acceso!.email)),
                onError: (error) => toast.error(serverMessage(error, 'No se pudo enviar la invitación. Inténtalo de nuevo.')),
              })
            }
          >
            <Send aria-hidden /> {acceso?.estado === 'activo' ? 'Enviar otro enlace' : 'Invitar al portal'}
          </Button>
          {acceso?.estado === 'activo' ? (
            <Button
              variant="outline"
              className="text-red-700"
              disabled={suspend.isPending}
              onClick={() =>
                suspend.mutate(undefined, {
                  onSuccess: () => toast.success(MSG.portal.accesoSuspendido),
                  onError: (error) => toast.error(serverMessage(error, 'No se pudo suspender el acceso. Inténtalo de nuevo.')),
                })
              }
            >
              <Ban aria-hidden /> Suspender acceso
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

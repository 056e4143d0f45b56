import { clientePortalApi } from '@bufete/shared/api/portal';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';
import { useClock } from '@/lib/session';
import { Messages } from './Messages';
import { HearingShare } from './HearingShare';
import { ReceivedDocuments } from './ReceivedDocuments';

/**
 * The 'Portal' tab of a case with a client (the lawyer's side): what the
 * client sent, to review, and the messages with them. Whether the client can
 * read them is said (the page puts the invitation above).
 */
export function CaseMessages({ casoId, cliente }: { casoId: string; cliente: { id: string; nombre: string } }) {
  const { timeZone } = useClock();
  const clienteNombre = cliente.nombre;
  const access = useQuery({
    queryKey: [...resourceKeys.clientes, 'portal', cliente.id],
    queryFn: async ({ signal }) => (await call(clientePortalApi.get, { params: { id: cliente.id }, signal })).acceso,
  });
  const reads = access.data?.estado === 'activo';
  const hint = !access.isSuccess
    ? 'Le avisamos por correo cuando le escribes, sin el texto.'
    : reads
      ? 'Tu cliente lo lee en su portal; le avisamos por correo, sin el texto.'
      : `${clienteNombre} aún no tiene acceso al portal: invítalo para que pueda leer y responder.`;
  return (
    <div className="space-y-6">
      <HearingShare casoId={casoId} />
      <ReceivedDocuments casoId={casoId} timeZone={timeZone} />
      <section aria-labelledby="mensajes-cliente" className="space-y-3">
        <h2 id="mensajes-cliente" className="text-lg font-semibold text-slate-900">
          Mensajes con {clienteNombre}
        </h2>
        <Messages side="abogado" casoId={casoId} otherName={clienteNombre} timeZone={timeZone} hint={hint} />
      </section>
    </div>
  );
}

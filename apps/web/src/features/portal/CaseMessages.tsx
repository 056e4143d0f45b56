import { useClock } from '@/lib/session';
import { Messages } from './Messages';
import { HearingShare } from './HearingShare';
import { ReceivedDocuments } from './ReceivedDocuments';

/** The 'Portal' tab of a case with a client (the lawyer's side): what the client sent, to review, and the messages with them. */
export function CaseMessages({ casoId, clienteNombre }: { casoId: string; clienteNombre: string }) {
  const { timeZone } = useClock();
  return (
    <div className="space-y-6">
      <HearingShare casoId={casoId} />
      <ReceivedDocuments casoId={casoId} timeZone={timeZone} />
      <section aria-labelledby="mensajes-cliente" className="space-y-3">
        <h2 id="mensajes-cliente" className="text-lg font-semibold text-slate-900">
          Mensajes con {clienteNombre}
        </h2>
        <Messages side="abogado" casoId={casoId} otherName={clienteNombre} timeZone={timeZone} hint="Tu cliente lo lee en su portal; le avisamos por correo, sin el texto." />
      </section>
    </div>
  );
}

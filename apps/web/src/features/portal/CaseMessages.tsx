import { useClock } from '@/lib/session';
import { Messages } from './Messages';

/** The 'Portal' tab of a case with a client: the messages with them (the lawyer's side). */
export function CaseMessages({ casoId, clienteNombre }: { casoId: string; clienteNombre: string }) {
  const { timeZone } = useClock();
  return <Messages side="abogado" casoId={casoId} otherName={clienteNombre} timeZone={timeZone} hint="Tu cliente lo lee en su portal; le avisamos por correo, sin el texto." />;
}

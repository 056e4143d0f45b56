import type { ProximaAudiencia } from '@bufete/shared/portal';
import { formatShortDateTime } from '@/lib/format';

/** A case's next hearing as the client reads it: in the lawyer's (the court's) time zone, said so when the phone is elsewhere. */
export function hearingLine(audiencia: ProximaAudiencia): string {
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `Próxima audiencia: ${formatShortDateTime(audiencia.inicio, audiencia.zona)}${here === audiencia.zona ? '' : ' (hora del juzgado)'}${audiencia.ubicacion ? ` · ${audiencia.ubicacion}` : ''}`;
}

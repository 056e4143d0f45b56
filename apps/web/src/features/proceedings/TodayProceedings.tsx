import type { BoletinFuenteEstado } from '@bufete/shared/boletines';
import { addDays } from '@bufete/shared/dates';
import { ACTUACION_TIPO_LABELS } from '@bufete/shared/values/actuaciones';
import { conteoDeBoletin } from '@bufete/shared/values/boletines';
import { ArrowRight, Gavel, Newspaper, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatShortDay } from '@/lib/format';
import { usePageSettled } from '@/lib/hooks';
import { useClock } from '@/lib/session';
import { useTodayProceedings, useWatchedBulletins } from './api';
import { TermsOf } from './CaseProceedings';

/**
 * The dashboard's 'Acuerdos de hoy': the actuaciones registered today (from
 * the bulletin reviewed this morning, or typed), each on its case, with the
 * terms counted from them. Asked for
 * once the page has painted: the rest of the dashboard comes first.
 */
export function TodayProceedings() {
  const settled = usePageSettled();
  const today = useTodayProceedings(settled);
  const watched = useWatchedBulletins(settled);
  const { today: day } = useClock();
  const items = today.data ?? [];
  // The followed bulletins' last week: what each morning brought the lawyer, acuerdos and possible ones apart, or that it could not be read.
  const mornings = (watched.data ?? []).filter(
    (fuente): fuente is BoletinFuenteEstado & { ultima: NonNullable<BoletinFuenteEstado['ultima']> } =>
      fuente.seguida && !!fuente.ultima && fuente.ultima.dia >= addDays(day, -7) && (fuente.ultima.estado === 'leido' || fuente.ultima.estado === 'ilegible'),
  );
  return (
    <Card className="min-w-0 lg:col-span-2" data-testid="acuerdos-hoy">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">Acuerdos de hoy</CardTitle>
        <Link to="/casos/boletin" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline sm:min-h-0">
          Revisar boletín <ArrowRight className="size-4" aria-hidden />
        </Link>
      </CardHeader>
      <CardContent>
        {mornings.length ? (
          <ul className="mb-2 space-y-1.5" aria-label="Boletines que sigues">
            {mornings.map((fuente) => (
              <li key={fuente.clave}>
                <WatchedMorning fuente={fuente} />
              </li>
            ))}
          </ul>
        ) : null}
        {today.isSuccess && items.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-600">Hoy aún no registras acuerdos. Revisa el boletín del día para encontrar los de tus casos.</p>
        ) : (
          <ul className="divide-y divide-border">
            {items.map((actuacion) => (
              <li key={actuacion.id}>
                <Link to={`/casos/${actuacion.caso.id}?tab=actuaciones`} className="-mx-2 flex items-start gap-3 rounded-lg px-2 py-3 hover:bg-slate-50">
                  <Gavel className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium text-slate-900">{actuacion.caso.titulo}</span>
                      <Badge>{ACTUACION_TIPO_LABELS[actuacion.tipo]}</Badge>
                    </p>
                    <p className="line-clamp-2 text-xs text-slate-600">{actuacion.texto}</p>
                    {actuacion.plazos.length ? <TermsOf actuacion={actuacion} className="mt-1.5" /> : null}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** One followed bulletin's morning, as the dashboard says it: confirmed acuerdos and possible ones counted apart; a day not read said so. */
function WatchedMorning({ fuente }: { fuente: BoletinFuenteEstado & { ultima: NonNullable<BoletinFuenteEstado['ultima']> } }) {
  const { dia, estado, confirmadas, posibles } = fuente.ultima;
  const where = `${fuente.nombre} del ${formatShortDay(dia)}`;
  if (estado === 'ilegible')
    return (
      <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-2 py-1.5 text-sm text-amber-900">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {where}: no se pudo leer con seguridad. Revísalo a mano o súbelo en{' '}
          <Link to="/casos/boletin" className="font-medium underline underline-offset-2">
            Revisar boletín
          </Link>
          .
        </span>
      </p>
    );
  const total = (confirmadas ?? 0) + (posibles ?? 0);
  const counts = conteoDeBoletin({ confirmadas: confirmadas ?? 0, posibles: posibles ?? 0 });
  return (
    <p className="flex flex-wrap items-start gap-x-2 gap-y-1 rounded-lg bg-slate-50 px-2 py-1.5 text-sm text-slate-800">
      <Newspaper className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <span className="min-w-0 flex-1">
        {where}: {total ? counts : 'nada de tus casos'}
      </span>
      {total ? (
        <Link to={`/casos/boletin?fuente=${fuente.clave}&dia=${dia}`} className="font-medium text-primary hover:underline">
          Revisar
        </Link>
      ) : null}
    </p>
  );
}

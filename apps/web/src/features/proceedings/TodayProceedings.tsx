import { ACTUACION_TIPO_LABELS } from '@bufete/shared/values/actuaciones';
import { ArrowRight, Gavel } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageSettled } from '@/lib/hooks';
import { useTodayProceedings } from './api';
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
  const items = today.data ?? [];
  return (
    <Card className="min-w-0 lg:col-span-2" data-testid="acuerdos-hoy">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">Acuerdos de hoy</CardTitle>
        <Link to="/casos/boletin" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline sm:min-h-0">
          Revisar boletín <ArrowRight className="size-4" aria-hidden />
        </Link>
      </CardHeader>
      <CardContent>
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

import type { BoletinFuenteEstado } from '@bufete/shared/boletines';
import { BOLETIN_DESCARGA_LABELS, type BoletinFuente, conteoDeBoletin } from '@bufete/shared/values/boletines';
import { Newspaper } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/list-states';
import { SettingRow } from '@/components/setting-row';
import { serverMessage } from '@/lib/api';
import { formatShortDay } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useBulletinSources, useFollowBulletins } from './api';

const ERROR = 'No se pudo guardar qué boletines sigues. Inténtalo de nuevo.';

/** How the source's last morning went, for the lawyer who follows it. */
function lastRead(fuente: BoletinFuenteEstado): string {
  if (!fuente.seguida) return fuente.sitio;
  if (!fuente.ultima) return `${fuente.sitio} · aún sin leer: se lee la mañana del próximo día hábil.`;
  const { dia, estado, confirmadas, posibles, problema } = fuente.ultima;
  // Acuerdos of the lawyer's cases and possible ones apart; a day not read is never a count.
  const found = estado === 'leido' && confirmadas !== null ? ` · ${conteoDeBoletin({ confirmadas, posibles: posibles ?? 0 })}` : '';
  const why = problema && (estado === 'ilegible' || estado === 'fallido') ? `: ${problema}` : '';
  return `${fuente.sitio} · ${formatShortDay(dia)}: ${BOLETIN_DESCARGA_LABELS[estado]}${found}${why}`;
}

/**
 * 'Boletines que sigo': the court sites whose bulletin Bufete reads each
 * business morning for the lawyer (their cases matched, the bell and an email
 * saying how many acuerdos). The federal SISE asks for a captcha: no robot
 * reads it, so its acuerdos are registered by hand.
 */
export function BulletinsCard() {
  const sources = useBulletinSources();
  const follow = useFollowBulletins();
  // Shown at once; put back if the server refuses.
  const [shown, setShown] = useState<Partial<Record<BoletinFuente, boolean>>>({});
  const isFollowed = (fuente: BoletinFuenteEstado) => shown[fuente.clave] ?? fuente.seguida;
  const toggle = (clave: BoletinFuente, on: boolean) => {
    const next = { ...shown, [clave]: on };
    setShown(next);
    const seguidas = (sources.data ?? []).filter((fuente) => next[fuente.clave] ?? fuente.seguida).map((fuente) => fuente.clave);
    follow.mutate(seguidas, {
      onSuccess: () => toast.success(on ? 'Seguirás este boletín' : 'Dejaste de seguir este boletín'),
      onError: (caught) => toast.error(serverMessage(caught, ERROR)),
      onSettled: () => setShown((current) => ({ ...current, [clave]: undefined })),
    });
  };
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle className="text-lg">Boletines que sigo</CardTitle>
        <CardDescription>
          Cada mañana de día hábil (hora de la Ciudad de México), Bufete lee el boletín de los sitios que elijas, lo coteja con tus casos abiertos y te avisa cuántos acuerdos hay
          en ellos. Los confirmas en{' '}
          <Link to="/casos/boletin" className="font-medium text-primary underline underline-offset-2">
            Revisar boletín
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="divide-y divide-border">
        {sources.isPending ? <LoadingState>Cargando boletines...</LoadingState> : null}
        {sources.isError ? <Alert variant="error">No se pudieron cargar los boletines. Inténtalo de nuevo.</Alert> : null}
        {(sources.data ?? []).map((fuente) => (
          <SettingRow key={fuente.clave} icon={Newspaper} title={fuente.nombre} description={lastRead(fuente)}>
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                className="size-5 accent-[var(--color-primary)]"
                checked={isFollowed(fuente)}
                disabled={follow.isPending}
                onChange={(event) => toggle(fuente.clave, event.target.checked)}
              />
              Seguir<span className="sr-only"> el {fuente.nombre}</span>
            </label>
          </SettingRow>
        ))}
        <p className="pt-4 text-sm text-slate-600">
          El Sistema Integral de Seguimiento de Expedientes (SISE) del Poder Judicial de la Federación pide un captcha: Bufete no lo lee por ti. Registra sus acuerdos en la pestaña
          Actuaciones de cada caso.
        </p>
      </CardContent>
    </Card>
  );
}

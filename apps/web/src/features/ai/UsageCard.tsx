import { type AiUsage } from '@bufete/shared/ia';
import { MSG } from '@bufete/shared/messages';
import { AI_CRITICAL_REMAINING, AI_WARNING_REMAINING } from '@bufete/shared/values/ia';
import { Gauge } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

/** 'Uso diario de IA': used / limit, a bar, what is left, blue → yellow (≤10) → red (≤5) (spec part 2). */
export function UsageCard({ usage }: { usage: AiUsage | null }) {
  const remaining = usage?.requests_remaining ?? 0;
  const tone = !usage ? 'blue' : remaining <= AI_CRITICAL_REMAINING ? 'red' : remaining <= AI_WARNING_REMAINING ? 'yellow' : 'blue';
  const percent = usage ? Math.min(100, Math.round((usage.requests_used / usage.requests_limit) * 100)) : 0;
  return (
    <Card
      className={cn('p-4', tone === 'red' && 'border-red-200 bg-red-50', tone === 'yellow' && 'border-amber-200 bg-amber-50', tone === 'blue' && 'border-blue-200 bg-blue-50')}
      data-testid="usage-card"
      data-tone={tone}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <Gauge className="size-5" aria-hidden /> {MSG.ai.usoDiario}
        </h2>
        <div className="flex flex-wrap gap-1.5">
          {usage && remaining === 0 ? <Badge variant="destructive">{MSG.ai.limiteAlcanzadoBadge}</Badge> : null}
          {usage && remaining > 0 && remaining <= AI_CRITICAL_REMAINING ? <Badge variant="destructive">{MSG.ai.pocasRestantes}</Badge> : null}
        </div>
      </div>
      {usage ? (
        <>
          <p className="mt-2 text-2xl font-bold text-slate-900" data-testid="usage-count">
            {usage.requests_used} / {usage.requests_limit}
          </p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-white/80"
            role="progressbar"
            aria-label="Consultas usadas hoy"
            aria-valuemin={0}
            aria-valuemax={usage.requests_limit}
            aria-valuenow={usage.requests_used}
          >
            <div className={cn('h-full rounded-full', tone === 'red' ? 'bg-red-600' : tone === 'yellow' ? 'bg-amber-500' : 'bg-primary')} style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-slate-700">{MSG.ai.restantes(remaining)}</p>
          {remaining === 0 ? <p className="mt-1 text-sm font-medium text-red-800">{MSG.ai.limiteAlcanzadoTexto}</p> : null}
        </>
      ) : (
        // The loaded card's lines, empty: nothing below moves when the numbers arrive.
        <>
          <p className="mt-2 text-2xl font-bold text-transparent" aria-hidden>
            0 / 0
          </p>
          <div className="mt-2 h-2 rounded-full bg-white/80" aria-hidden />
          <p className="mt-2 flex h-5 items-center gap-2 text-sm text-slate-600">
            <Spinner /> Cargando...
          </p>
        </>
      )}
    </Card>
  );
}

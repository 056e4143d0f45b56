import type { PlazoCalculadoReply } from '@bufete/shared/plazos';
import type { PlazoTipo } from '@bufete/shared/plazos-calculo';
import { Alert } from '@/components/ui/alert';
import { formatLongDay } from '@/lib/format';

const dayLabel = new Intl.DateTimeFormat('es-MX', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const labelOf = (fecha: string) => dayLabel.format(new Date(`${fecha}T00:00:00Z`));

/**
 * A calculated plazo as the lawyer checks it: the due date, the rules that
 * counted, the days taken as inhábiles that the court still has to confirm,
 * and the count day by day (what counted, what was skipped and why).
 */
export function PlazoCount({ result, tipo }: { result: PlazoCalculadoReply; tipo: PlazoTipo }) {
  const counted = result.dias.filter((day) => day.numero !== null).length;
  return (
    <>
      <p className="text-sm text-slate-600">
        {counted} días {tipo === 'habiles' ? 'hábiles' : 'naturales'} según «{result.calendario.nombre}», contados desde el {labelOf(result.inicia)}:
      </p>
      <p className="text-2xl font-semibold text-slate-900" data-testid="plazo-vence">
        Vence el {formatLongDay(result.vence)}
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
        {result.reglas.map((regla) => (
          <li key={regla}>{regla}</li>
        ))}
      </ul>
      {result.por_verificar.length > 0 ? (
        <Alert variant="warning">
          {result.por_verificar.length === 1 ? 'Se tomó como inhábil' : 'Se tomaron como inhábiles'} {result.por_verificar.map(labelOf).join(', ')}, las fechas habituales; las fija
          cada año {result.verificar_con ?? 'el tribunal'}. Confírmalas con su acuerdo vigente o ajústalas en un calendario propio.
        </Alert>
      ) : null}
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      <ol
        tabIndex={0}
        className="max-h-72 divide-y divide-border overflow-y-auto rounded-lg border border-border text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        aria-label="Cuenta día por día"
      >
        {result.dias.map((day) => {
          const isDue = day.fecha === result.vence;
          return (
            <li
              key={day.fecha}
              className={`flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-1.5 ${isDue ? 'bg-blue-50 font-medium' : day.numero === null ? 'bg-slate-50 text-slate-500' : ''}`}
            >
              <span className="tabular-nums">{labelOf(day.fecha)}</span>
              <span className="text-right">
                {day.numero !== null ? `Día ${day.numero}` : null}
                {day.numero !== null && day.motivo ? ' · ' : null}
                {day.motivo ? `No hábil: ${day.motivo}` : null}
                {isDue ? ' · Vence' : null}
              </span>
              {day.fundamento ? <span className="basis-full text-xs text-slate-500">{day.fundamento}</span> : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}

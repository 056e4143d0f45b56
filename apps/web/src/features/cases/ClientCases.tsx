import type { Caso } from '@bufete/shared/casos';
import { urgencyOf } from '@bufete/shared/dates';
import { Briefcase } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, LoadingState, LoadMore } from '@/components/ui/list-states';
import { UrgencyBadge } from '@/components/ui/urgency-badge';
import { formatLongDate, formatLongDay } from '@/lib/format';
import { useClock } from '@/lib/session';
import { useCaseList } from './api';
import { CaseBadges } from './CaseBadges';

/** A client's cases on their page, the nearest due date first. `demoCases` stands in for the sample client's. */
export function ClientCases({ clienteId, demoCases }: { clienteId: string; demoCases?: Caso[] }) {
  const list = useCaseList({ q: '', estado: '', prioridad: '', orden: 'vencimiento', vencimiento: '', cliente_id: clienteId }, !demoCases);
  const cases = demoCases ?? list.data?.pages.flatMap((page) => page.items) ?? [];
  if (!demoCases && list.isPending) return <LoadingState>Cargando casos...</LoadingState>;
  if (cases.length === 0) return <EmptyState>Este cliente aún no tiene casos.</EmptyState>;
  return (
    <>
      <ul className="divide-y divide-border rounded-xl border border-border bg-white" data-testid="client-cases">
        {cases.map((caso) => (
          <CaseRow key={caso.id} caso={caso} />
        ))}
      </ul>
      {!demoCases ? <LoadMore list={list} label="Cargar más casos" /> : null}
    </>
  );
}

function CaseRow({ caso }: { caso: Caso }) {
  const { timeZone, today } = useClock();
  const urgency = urgencyOf(caso.fecha_vencimiento, today, caso.estado === 'Cerrado');
  return (
    <li>
      <Link to={`/casos/${caso.id}`} className="flex items-start gap-3 px-4 py-3 hover:bg-slate-50">
        <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-primary">
          <Briefcase className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{caso.titulo}</p>
          <p className="truncate text-xs text-slate-600">
            {[caso.expediente ? `Exp. ${caso.expediente}` : null, caso.juzgado, caso.fecha_vencimiento ? `Vence: ${formatLongDay(caso.fecha_vencimiento)}` : null]
              .filter(Boolean)
              .join(' · ') || `Creado: ${formatLongDate(caso.created_at, timeZone)}`}
          </p>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <CaseBadges estado={caso.estado} prioridad={caso.prioridad} materia={caso.materia} />
            {urgency ? <UrgencyBadge urgency={urgency} /> : null}
          </div>
        </div>
      </Link>
    </li>
  );
}

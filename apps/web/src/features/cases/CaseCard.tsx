import type { Caso } from '@bufete/shared/casos';
import { urgencyOf } from '@bufete/shared/dates';
import { CalendarClock, CalendarDays, Landmark, Pencil, Trash2, User } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UrgencyBadge } from '@/components/ui/urgency-badge';
import { formatShortDate, formatShortDay } from '@/lib/format';
import { useClock } from '@/lib/session';
import { CaseBadges } from './CaseBadges';

/**
 * A case card: 280 px high in the grid from the small breakpoint up (the
 * spec's), sized to its content on phones. The description gives way when
 * the rest needs the room. Edit and delete appear on hover and keyboard
 * focus; on touch screens they are always there, 44 px each.
 */
export function CaseCard({ caso, demo, onEdit, onDelete }: { caso: Caso; demo: boolean; onEdit: () => void; onDelete: () => void }) {
  const { timeZone, today } = useClock();
  const urgency = urgencyOf(caso.fecha_vencimiento, today, caso.estado === 'Cerrado');
  const court = [caso.expediente ? `Exp. ${caso.expediente}` : null, caso.juzgado].filter(Boolean).join(' · ');
  return (
    <article className="group relative flex flex-col rounded-xl border border-border bg-white p-5 shadow-sm transition-shadow hover:shadow-md sm:h-[280px]" data-testid="case-card">
      <div className="flex items-start justify-between gap-2">
        <h2 className="line-clamp-2 min-w-0 text-base leading-snug font-semibold break-words text-slate-900">
          <Link to={`/casos/${caso.id}`} className="after:absolute after:inset-0 hover:text-primary">
            {caso.titulo}
          </Link>
        </h2>
        {demo ? <Badge variant="secondary">Ejemplo</Badge> : null}
      </div>
      <div className="mt-2">
        <CaseBadges estado={caso.estado} prioridad={caso.prioridad} materia={caso.materia} />
      </div>
      {court ? (
        <p className="mt-2 flex items-center gap-1.5 text-xs font-medium text-slate-700" title={court}>
          <Landmark className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{court}</span>
        </p>
      ) : null}
      <div className="mt-2 min-h-5 flex-1 overflow-hidden">
        <p className="line-clamp-2 text-sm break-words text-slate-600">{caso.descripcion || 'Sin descripción'}</p>
      </div>
      <dl className="mt-3 space-y-1 text-xs text-slate-600">
        <div className="flex items-center gap-1.5">
          <User className="size-3.5 shrink-0" aria-hidden />
          <dt className="sr-only">Cliente</dt>
          <dd className="truncate sm:pr-20">{caso.cliente?.nombre ?? 'Sin cliente'}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <CalendarDays className="size-3.5 shrink-0" aria-hidden />
          <dt>Creado:</dt>
          <dd>{formatShortDate(caso.created_at, timeZone)}</dd>
        </div>
        {caso.fecha_vencimiento ? (
          <div className="flex flex-wrap items-center gap-1.5">
            <CalendarClock className="size-3.5 shrink-0" aria-hidden />
            <dt>Vence:</dt>
            <dd>{formatShortDay(caso.fecha_vencimiento)}</dd>
            {urgency ? (
              <dd>
                <UrgencyBadge urgency={urgency} />
              </dd>
            ) : null}
          </div>
        ) : null}
      </dl>
      <div className="relative z-10 mt-3 flex justify-end gap-3 transition-opacity sm:absolute sm:right-3 sm:bottom-3 sm:mt-0 sm:gap-1 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-within:opacity-100">
        <Button variant="outline" size="icon" className="sm:size-9" onClick={onEdit} aria-label={`Editar ${caso.titulo}`}>
          <Pencil aria-hidden />
        </Button>
        <Button variant="outline" size="icon" className="text-red-600 hover:text-red-700 sm:size-9" onClick={onDelete} aria-label={`Eliminar ${caso.titulo}`}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </article>
  );
}

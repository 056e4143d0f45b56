import type { Caso } from '@bufete/shared';
import { CalendarClock, CalendarDays, Pencil, Trash2, User } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/lib/format';
import { CaseBadges } from './CaseBadges';

/** A 280 px case card; edit and delete appear on hover (always on touch screens). */
export function CaseCard({ caso, demo, onEdit, onDelete }: { caso: Caso; demo: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <article className="group relative flex h-[280px] flex-col rounded-xl border border-border bg-white p-5 shadow-sm transition-shadow hover:shadow-md" data-testid="case-card">
      <div className="flex items-start justify-between gap-2">
        <h2 className="line-clamp-2 text-base font-semibold leading-snug text-slate-900">
          <Link to={`/casos/${caso.id}`} className="after:absolute after:inset-0 hover:text-primary">
            {caso.titulo}
          </Link>
        </h2>
        {demo ? <Badge variant="secondary">Ejemplo</Badge> : null}
      </div>
      <div className="mt-2">
        <CaseBadges estado={caso.estado} prioridad={caso.prioridad} />
      </div>
      <div className="mt-3 min-h-0 flex-1">
        <p className="line-clamp-3 text-sm text-slate-600">{caso.descripcion || 'Sin descripción'}</p>
      </div>
      <dl className="mt-3 space-y-1 text-xs text-slate-600">
        <div className="flex items-center gap-1.5">
          <User className="size-3.5 shrink-0" aria-hidden />
          <dt className="sr-only">Cliente</dt>
          <dd className="truncate">{caso.cliente?.nombre ?? 'Sin cliente'}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <CalendarDays className="size-3.5 shrink-0" aria-hidden />
          <dt>Creado:</dt>
          <dd>{formatLongDate(caso.created_at)}</dd>
        </div>
        {caso.fecha_vencimiento ? (
          <div className="flex items-center gap-1.5">
            <CalendarClock className="size-3.5 shrink-0" aria-hidden />
            <dt>Vence:</dt>
            <dd>{formatLongDate(caso.fecha_vencimiento)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="absolute right-3 bottom-3 z-10 flex gap-1 transition-opacity sm:opacity-0 sm:group-hover:opacity-100 sm:focus-within:opacity-100">
        <Button variant="outline" size="icon" className="size-8" onClick={onEdit} aria-label={`Editar ${caso.titulo}`}>
          <Pencil aria-hidden />
        </Button>
        <Button variant="outline" size="icon" className="size-8 text-red-600 hover:text-red-700" onClick={onDelete} aria-label={`Eliminar ${caso.titulo}`}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </article>
  );
}

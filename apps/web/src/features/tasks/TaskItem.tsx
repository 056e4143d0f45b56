import { MSG } from '@bufete/shared/messages';
import type { Tarea } from '@bufete/shared/tareas';
import { relativaLabel, TAREA_PRIORIDAD_LABELS } from '@bufete/shared/values/tareas';
import { urgencyOf } from '@bufete/shared/dates';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UrgencyBadge } from '@/components/ui/urgency-badge';
import { serverMessage } from '@/lib/api';
import { formatShortDay } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useToggleTask } from './api';

/** One task: done with a click, its date with its urgency, its case and what its date hangs on. */
export function TaskItem({ tarea, today, showCase = true, onEdit, onDelete }: { tarea: Tarea; today: string; showCase?: boolean; onEdit: () => void; onDelete: () => void }) {
  const toggle = useToggleTask();
  const urgency = tarea.hecha ? null : urgencyOf(tarea.vence, today);
  const onToggle = () =>
    toggle.mutate(
      { id: tarea.id, hecha: !tarea.hecha },
      {
        onSuccess: () => toast.success(tarea.hecha ? MSG.tareas.pendiente : MSG.tareas.hecha),
        onError: (error) => toast.error(serverMessage(error, MSG.tareas.errorGuardar)),
      },
    );
  return (
    <li className="flex items-start gap-3 py-3" data-testid="tarea">
      <input
        type="checkbox"
        className="mt-1 size-5 shrink-0 cursor-pointer accent-primary"
        checked={tarea.hecha}
        disabled={toggle.isPending}
        onChange={onToggle}
        aria-label={`${tarea.hecha ? 'Marcar como pendiente' : 'Marcar como hecha'}: ${tarea.titulo}`}
      />
      <div className="min-w-0 flex-1">
        <p className={tarea.hecha ? 'break-words text-slate-500 line-through' : 'font-medium break-words text-slate-900'}>{tarea.titulo}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <span>{tarea.vence ? `Vence el ${formatShortDay(tarea.vence)}` : 'Sin fecha'}</span>
          {urgency ? <UrgencyBadge urgency={urgency} /> : null}
          {tarea.prioridad !== 'normal' ? (
            <Badge variant={tarea.prioridad === 'alta' ? 'destructive' : 'secondary'}>Prioridad {TAREA_PRIORIDAD_LABELS[tarea.prioridad].toLowerCase()}</Badge>
          ) : null}
          {tarea.asignado ? <span>Para {tarea.asignado.nombre}</span> : null}
          {showCase && tarea.caso ? (
            <Link to={`/casos/${tarea.caso.id}?tab=tareas`} className="text-primary underline-offset-4 hover:underline">
              {tarea.caso.titulo}
            </Link>
          ) : null}
        </p>
        {tarea.relativa ? <p className="mt-0.5 text-xs text-slate-500">{relativaLabel(tarea.relativa)}</p> : null}
        {tarea.notas ? <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{tarea.notas}</p> : null}
      </div>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="icon" aria-label={`Editar la tarea ${tarea.titulo}`} onClick={onEdit}>
          <Pencil aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Eliminar la tarea ${tarea.titulo}`} onClick={onDelete}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

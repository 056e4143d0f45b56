import { MSG } from '@bufete/shared/messages';
import type { Tarea } from '@bufete/shared/tareas';
import type { TareaVista } from '@bufete/shared/values/tareas';
import { todayIn } from '@bufete/shared/dates';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, LoadingState, LoadMore } from '@/components/ui/list-states';
import { serverMessage } from '@/lib/api';
import { useTimeZone } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteTask, useTasks } from './api';
import { TaskDialog } from './TaskDialog';
import { TaskItem } from './TaskItem';

/** A list of tasks (a tab of the page, or a case's), with editing and deleting; grouped by case when asked. */
export function TaskList({
  vista,
  casoId = null,
  empty,
  grouped = false,
  mios = false,
}: {
  vista: TareaVista;
  casoId?: string | null;
  empty: string;
  grouped?: boolean;
  /** Only those given to the person signed in. */
  mios?: boolean;
}) {
  const list = useTasks(vista, casoId, true, mios);
  const remove = useDeleteTask();
  const [editing, setEditing] = useState<Tarea | null>(null);
  const [deleting, setDeleting] = useState<Tarea | null>(null);
  const today = todayIn(useTimeZone());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const groups: { titulo: string; items: Tarea[] }[] = [];
  for (const tarea of items) {
    const titulo = grouped ? (tarea.caso?.titulo ?? 'Sin caso') : '';
    const last = groups[groups.length - 1];
    if (last && last.titulo === titulo) last.items.push(tarea);
    else groups.push({ titulo, items: [tarea] });
  }

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(MSG.tareas.eliminada);
        setDeleting(null);
      },
      onError: (error) => toast.error(serverMessage(error, MSG.tareas.errorEliminar)),
    });

  if (list.isPending) return <LoadingState>Cargando tareas...</LoadingState>;
  if (list.isError) return <Alert variant="error">{MSG.tareas.errorCargar}</Alert>;
  return (
    <>
      {items.length === 0 ? <EmptyState>{empty}</EmptyState> : null}
      {groups.map((group, index) => (
        <section key={`${group.titulo}-${index}`} aria-label={group.titulo || 'Tareas'} className="mb-2">
          {grouped ? <h3 className="mt-3 text-sm font-semibold text-slate-700">{group.titulo}</h3> : null}
          <ul className="divide-y divide-border">
            {group.items.map((tarea) => (
              <TaskItem key={tarea.id} tarea={tarea} today={today} showCase={!casoId && !grouped} onEdit={() => setEditing(tarea)} onDelete={() => setDeleting(tarea)} />
            ))}
          </ul>
        </section>
      ))}
      <LoadMore list={list} label="Cargar más tareas" />
      <TaskDialog open={!!editing} onOpenChange={(open) => !open && setEditing(null)} tarea={editing} casoId={editing?.caso?.id ?? null} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar tarea"
        description={MSG.tareas.confirmarEliminar}
        confirmLabel="Eliminar"
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </>
  );
}

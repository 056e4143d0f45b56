import { TAREA_VISTA_LABELS, TAREA_VISTAS, type TareaVista } from '@bufete/shared/values/tareas';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PAGE_HEADINGS } from '@/lib/page-headings';
import { useTabParam } from '@/lib/hooks';
import { TaskDialog } from './TaskDialog';
import { TaskList } from './TaskList';
import { Select } from '@/components/ui/select';
import { useTeam } from '@/lib/options';

const EMPTY: Record<TareaVista, string> = {
  pendientes: 'No tienes tareas pendientes. Crea una con el botón o pulsando la tecla T en cualquier página.',
  vencidas: 'No tienes tareas vencidas.',
  hoy: 'No tienes tareas para hoy.',
  semana: 'No tienes tareas para lo que queda de la semana.',
  por_caso: 'No tienes tareas pendientes.',
  hechas: 'Aún no has marcado ninguna tarea como hecha.',
};

/** 'Tareas': what the lawyer has to do, by when, by case, and what is done. */
export default function TasksPage() {
  const [tab, selectTab] = useTabParam(TAREA_VISTAS, 'pendientes');
  const [creating, setCreating] = useState(false);
  // 'Míos' / 'Todos' where there is a team to tell apart (issue 46).
  const team = !!useTeam();
  const [mios, setMios] = useState(false);
  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS.tareas.title}
        description={PAGE_HEADINGS.tareas.description}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> Nueva tarea
          </Button>
        }
      />
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        Pulsa <kbd className="rounded border border-border bg-slate-50 px-1.5 font-mono text-xs">T</kbd> en cualquier página para agregar una tarea.
      </p>
      {team ? (
        <div className="mb-4 max-w-xs">
          <Select value={mios ? 'mios' : 'todos'} onChange={(event) => setMios(event.target.value === 'mios')} aria-label="Filtrar por persona">
            <option value="todos">Todas las del despacho</option>
            <option value="mios">Mías (asignadas a mí)</option>
          </Select>
        </div>
      ) : null}
      <Tabs defaultValue="pendientes" value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Tareas" className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          {TAREA_VISTAS.map((vista) => (
            <TabsTrigger key={vista} value={vista} className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm">
              {TAREA_VISTA_LABELS[vista]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TAREA_VISTAS.map((vista) => (
          <TabsContent key={vista} value={vista}>
            {tab === vista ? <TaskList vista={vista} empty={EMPTY[vista]} grouped={vista === 'por_caso'} mios={team && mios} /> : null}
          </TabsContent>
        ))}
      </Tabs>
      <TaskDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

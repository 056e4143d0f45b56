import { MSG } from '@bufete/shared/messages';
import type { PlantillaAsunto } from '@bufete/shared/tareas';
import { todayIn, diaMx } from '@bufete/shared/dates';
import { LayoutList, Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/list-states';
import { Select } from '@/components/ui/select';
import { serverMessage } from '@/lib/api';
import { useTimeZone } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useApplyTemplate, useEscritoNames, useMatterTemplates } from './api';
import { TaskDialog } from './TaskDialog';
import { TaskList } from './TaskList';
import { TemplateEditor } from './TemplateEditor';

/** A case's 'Tareas' tab: its tasks (pending by date, then done), a new one, and a matter template applied to it. */
export function CaseTasks({ casoId }: { casoId: string }) {
  const [creating, setCreating] = useState(false);
  const [applying, setApplying] = useState(false);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-end gap-2">
        <Button variant="outline" onClick={() => setApplying(true)}>
          <LayoutList aria-hidden /> Aplicar plantilla
        </Button>
        <Button variant="outline" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Nueva tarea
        </Button>
      </div>
      <TaskList vista="pendientes" casoId={casoId} empty="Este caso aún no tiene tareas. Agrega una o aplica la plantilla de su tipo de asunto." />
      <TaskDialog open={creating} onOpenChange={setCreating} casoId={casoId} />
      <ApplyTemplateDialog open={applying} onOpenChange={setApplying} casoId={casoId} />
    </div>
  );
}

function ApplyTemplateDialog({ open, onOpenChange, casoId }: { open: boolean; onOpenChange: (open: boolean) => void; casoId: string }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader
          title="Aplicar plantilla de asunto"
          description="Crea en el caso las tareas que ese tipo de asunto necesita, con sus fechas contadas en días hábiles del juzgado."
        />
        {open ? <ApplyTemplateForm casoId={casoId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ApplyTemplateForm({ casoId, onDone }: { casoId: string; onDone: () => void }) {
  const templates = useMatterTemplates();
  const escritos = useEscritoNames();
  const apply = useApplyTemplate(casoId);
  const [chosen, setChosen] = useState('');
  const [desde, setDesde] = useState(todayIn(useTimeZone()));
  const [editing, setEditing] = useState<PlantillaAsunto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const template = templates.data?.find((entry) => entry.id === chosen) ?? templates.data?.[0] ?? null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!template) return;
    setError(null);
    try {
      const result = await apply.mutateAsync({ plantilla: template.id, desde });
      toast.success(MSG.plantillasAsunto.aplicada(result.tareas.length));
      onDone();
    } catch (caught) {
      setError(serverMessage(caught, MSG.plantillasAsunto.errorAplicar));
    }
  };

  if (templates.isPending) return <LoadingState>Cargando plantillas...</LoadingState>;
  if (templates.isError || !template) return <Alert variant="error">{MSG.plantillasAsunto.errorCargar}</Alert>;
  if (editing) return <TemplateEditor plantilla={editing} onDone={(saved) => (setEditing(null), saved && setChosen(saved.id))} />;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="plantilla-asunto" label="Tipo de asunto">
          <Select id="plantilla-asunto" value={template.id} onChange={(e) => setChosen(e.target.value)}>
            {templates.data.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.nombre}
                {entry.propia ? ' (mía)' : ''}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="plantilla-desde" label="Contar desde" hint={template.descripcion ?? undefined}>
          <DateInput id="plantilla-desde" value={desde} onChange={setDesde} />
        </FormField>
      </div>
      <ol className="space-y-1.5 rounded-lg border border-border bg-slate-50 p-3 text-sm" aria-label="Tareas de la plantilla">
        {template.tareas.map((tarea, index) => (
          <li key={index} className="flex gap-2">
            <span className="w-5 shrink-0 text-slate-500">{index + 1}.</span>
            <span className="min-w-0">
              <span className="text-slate-900">{tarea.titulo}</span>
              <span className="block text-xs text-slate-600">
                {tarea.dias} {tarea.tipo === 'habiles' ? 'días hábiles' : 'días naturales'} después{' '}
                {tarea.despues_de === null ? `del ${desde ? diaMx(desde) : 'día de inicio'}` : `de la tarea ${tarea.despues_de + 1}`}
              </span>
            </span>
          </li>
        ))}
      </ol>
      {template.escritos.length && escritos.data ? (
        <p className="text-sm text-slate-600">
          Escritos que suele necesitar:{' '}
          {template.escritos
            .map((id) => escritos.data.get(id))
            .filter(Boolean)
            .join(', ')}
          . Genéralos desde los documentos del caso, con «Generar escrito».
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" onClick={() => setEditing(template)}>
          {template.propia ? 'Editar esta plantilla' : 'Hacerla mía y editarla'}
        </Button>
      </div>
      <FormDialogFooter onCancel={onDone} submitLabel="Crear tareas" submitting={apply.isPending} />
    </form>
  );
}

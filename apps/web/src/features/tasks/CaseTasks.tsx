import { MSG } from '@bufete/shared/messages';
import type { PlantillaAsunto } from '@bufete/shared/tareas';
import { todayIn, diaMx } from '@bufete/shared/dates';
import { PLANTILLA_POR_MATERIA } from '@bufete/shared/plantillas-asunto';
import type { Materia } from '@bufete/shared/values/casos';
import { diasLabel } from '@bufete/shared/values/tareas';
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
/** `materia`: the case's, which proposes the kind of matter a template is applied as. */
export function CaseTasks({ casoId, materia = null }: { casoId: string; materia?: Materia | null }) {
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
      <ApplyTemplateDialog open={applying} onOpenChange={setApplying} casoId={casoId} materia={materia} />
    </div>
  );
}

function ApplyTemplateDialog({ open, onOpenChange, casoId, materia }: { open: boolean; onOpenChange: (open: boolean) => void; casoId: string; materia: Materia | null }) {
  // The same dialog edits the template: its title says which it is doing.
  const [editing, setEditing] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (setEditing(false), onOpenChange(next))}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader
          title={editing ? 'Editar plantilla de asunto' : 'Aplicar plantilla de asunto'}
          description={
            editing
              ? 'Tus cambios quedan en tu plantilla; Bufete no cambia la suya.'
              : 'Crea en el caso las tareas que ese tipo de asunto necesita, con sus fechas contadas en días hábiles del juzgado.'
          }
        />
        {open ? <ApplyTemplateForm casoId={casoId} materia={materia} onEditing={setEditing} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ApplyTemplateForm({ casoId, materia, onEditing, onDone }: { casoId: string; materia: Materia | null; onEditing: (editing: boolean) => void; onDone: () => void }) {
  const templates = useMatterTemplates();
  const escritos = useEscritoNames();
  const apply = useApplyTemplate(casoId);
  const [chosen, setChosen] = useState('');
  const [desde, setDesde] = useState(todayIn(useTimeZone()));
  const [editing, setEditingTemplate] = useState<PlantillaAsunto | null>(null);
  const setEditing = (plantilla: PlantillaAsunto | null) => (setEditingTemplate(plantilla), onEditing(!!plantilla));
  const [error, setError] = useState<string | null>(null);
  // The case's materia proposes its kind of matter (the lawyer's own version first); a materia with none proposes nothing.
  const proposed = materia ? PLANTILLA_POR_MATERIA[materia] : undefined;
  const suggested = proposed
    ? (templates.data?.find((entry) => entry.propia && entry.basada_en === proposed) ?? templates.data?.find((entry) => entry.id === proposed))
    : undefined;
  const template = templates.data?.find((entry) => entry.id === chosen) ?? suggested ?? null;

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
  if (templates.isError) return <Alert variant="error">{MSG.plantillasAsunto.errorCargar}</Alert>;
  if (editing) return <TemplateEditor plantilla={editing} onDone={(saved) => (setEditing(null), saved && setChosen(saved.id))} />;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="plantilla-asunto" label="Tipo de asunto">
          <Select id="plantilla-asunto" value={template?.id ?? ''} onChange={(e) => setChosen(e.target.value)}>
            {template ? null : <option value="">Elige el tipo de asunto</option>}
            {templates.data.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.nombre}
                {entry.propia ? ' (mía)' : ''}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="plantilla-desde" label="Contar desde" hint={template?.descripcion ?? undefined}>
          <DateInput id="plantilla-desde" value={desde} onChange={setDesde} />
        </FormField>
      </div>
      {template ? (
        <TemplateSummary template={template} desde={desde} escritos={escritos.data} onEdit={() => setEditing(template)} />
      ) : (
        <p className="text-sm text-slate-600">Elige el tipo de asunto para ver las tareas que creará.</p>
      )}
      <FormDialogFooter onCancel={onDone} submitLabel="Crear tareas" submitting={apply.isPending} disabled={!template} />
    </form>
  );
}

/** What a template creates: its tasks with their days, the escritos it usually needs, and editing it. */
function TemplateSummary({ template, desde, escritos, onEdit }: { template: PlantillaAsunto; desde: string; escritos: Map<string, string> | undefined; onEdit: () => void }) {
  return (
    <>
      <ol className="space-y-1.5 rounded-lg border border-border bg-slate-50 p-3 text-sm" aria-label="Tareas de la plantilla">
        {template.tareas.map((tarea, index) => (
          <li key={index} className="flex gap-2">
            <span className="w-5 shrink-0 text-slate-500">{index + 1}.</span>
            <span className="min-w-0">
              <span className="text-slate-900">{tarea.titulo}</span>
              <span className="block text-xs text-slate-600">
                {diasLabel(tarea.dias, tarea.tipo)} después {tarea.despues_de === null ? `del ${desde ? diaMx(desde) : 'día de inicio'}` : `de la tarea ${tarea.despues_de + 1}`}
              </span>
            </span>
          </li>
        ))}
      </ol>
      {template.escritos.length && escritos ? (
        <p className="text-sm text-slate-600">
          Escritos que suele necesitar:{' '}
          {template.escritos
            .map((id) => escritos.get(id))
            .filter(Boolean)
            .join(', ')}
          . Genéralos desde los documentos del caso, con «Generar escrito».
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" onClick={onEdit}>
          {template.propia ? 'Editar esta plantilla' : 'Hacerla mía y editarla'}
        </Button>
      </div>
    </>
  );
}

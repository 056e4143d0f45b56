import { MSG } from '@bufete/shared/messages';
import type { Tarea, TareaInput } from '@bufete/shared/tareas';
import { TAREA_ANCLA_LABELS, TAREA_PRIORIDAD_LABELS, TAREA_PRIORIDADES, type TareaAncla, type TareaPrioridad } from '@bufete/shared/values/tareas';
import { diaMx } from '@bufete/shared/dates';
import { useLayoutEffect, useState } from 'react';
import { CaseSelect } from '@/components/pickers/CaseSelect';
import { Alert } from '@/components/ui/alert';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage, serverSays } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAnchors, useSaveTask } from './api';
import { PersonSelect } from '@/components/pickers/PersonSelect';
import { useTeam } from '@/lib/options';

type Cuando = 'sin' | 'fecha' | 'relativa';

/**
 * A task's form: what to do, notes, priority, its case, and when — no date,
 * a date, or so many working days after an actuación, a plazo or another
 * task of the case (the server counts it on the case's court calendar). Its
 * fields are plain inputs: it opens at once from the keyboard, and what is
 * typed before it appears is kept (`initialTitle`).
 */
export function TaskDialog({
  open,
  onOpenChange,
  tarea = null,
  casoId = null,
  initialTitle = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tarea?: Tarea | null;
  casoId?: string | null;
  /** What was typed before the dialog arrived (read when its form appears). */
  initialTitle?: string | (() => string);
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader title={tarea ? 'Editar tarea' : 'Nueva tarea'} description="Lo que hay que hacer y para cuándo. Solo el título es obligatorio." />
        {open ? <TaskForm tarea={tarea} casoId={casoId} initialTitle={initialTitle} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TaskForm({ tarea, casoId, initialTitle, onDone }: { tarea: Tarea | null; casoId: string | null; initialTitle: string | (() => string); onDone: () => void }) {
  const save = useSaveTask();
  const [titulo, setTitulo] = useState(() => tarea?.titulo ?? (typeof initialTitle === 'function' ? initialTitle() : initialTitle));
  const [notas, setNotas] = useState(tarea?.notas ?? '');
  const [prioridad, setPrioridad] = useState<TareaPrioridad>(tarea?.prioridad ?? 'normal');
  const [caso, setCaso] = useState(tarea?.caso?.id ?? casoId ?? '');
  const [asignado, setAsignado] = useState(tarea?.asignado?.id ?? '');
  // Given to someone only where others work too.
  const team = useTeam();
  const [cuando, setCuando] = useState<Cuando>(tarea?.relativa ? 'relativa' : tarea?.vence ? 'fecha' : 'sin');
  const [vence, setVence] = useState(tarea?.vence ?? '');
  const [ancla, setAncla] = useState(tarea?.relativa ? `${tarea.relativa.ancla}:${tarea.relativa.ancla_id}` : '');
  const [dias, setDias] = useState(String(tarea?.relativa?.dias ?? 5));
  const [tipo, setTipo] = useState<'habiles' | 'naturales'>(tarea?.relativa?.tipo ?? 'habiles');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  // React may render this form and put it on the page a moment later (its
  // dialog arrives after loading); keys typed in between went on into the
  // buffer after the first read. Read once more now that the field is on the
  // page: from here on, keys land in the field itself.
  useLayoutEffect(() => {
    if (tarea || typeof initialTitle !== 'function') return;
    const typed = initialTitle();
    if (typed) setTitulo(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field first reaches the page
  }, []);
  const anchors = useAnchors(cuando === 'relativa' && caso ? caso : null);
  const options = (anchors.data ?? []).filter((option) => option.id !== tarea?.id);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const [anclaTipo, anclaId] = ancla.split(':') as [TareaAncla, string];
    if (cuando === 'relativa' && !anclaId) return setError({ message: MSG.tareas.anclaObligatoria, field: 'relativa' });
    const input: TareaInput = {
      titulo,
      notas,
      prioridad,
      caso_id: caso,
      asignado_id: asignado,
      vence: cuando === 'fecha' ? vence : '',
      relativa: cuando === 'relativa' ? { ancla: anclaTipo, ancla_id: anclaId, dias, tipo } : null,
    };
    try {
      await save.mutateAsync({ id: tarea?.id ?? null, input });
      toast.success(tarea ? MSG.tareas.actualizada : MSG.tareas.creada);
      onDone();
    } catch (caught) {
      setError({ message: serverMessage(caught, MSG.tareas.errorGuardar), field: serverSays(caught) ? caught.field : undefined });
    }
  };
  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && !['titulo', 'relativa', 'vence', 'notas', 'asignado_id'].includes(error.field ?? '') ? <Alert variant="error">{error.message}</Alert> : null}
      <FormField id="tarea-titulo" label="Qué hay que hacer *" error={fieldError('titulo')}>
        <Input id="tarea-titulo" autoFocus autoComplete="off" value={titulo} onChange={(e) => setTitulo(e.target.value)} placeholder="Ej: Preparar alegatos" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {casoId ? null : (
          <CaseSelect
            id="tarea-caso"
            value={caso}
            onChange={(value) => {
              setCaso(value);
              setAncla('');
              if (!value && cuando === 'relativa') setCuando('sin');
            }}
          />
        )}
        <FormField id="tarea-prioridad" label="Prioridad">
          <Select id="tarea-prioridad" value={prioridad} onChange={(e) => setPrioridad(e.target.value as TareaPrioridad)}>
            {TAREA_PRIORIDADES.map((value) => (
              <option key={value} value={value}>
                {TAREA_PRIORIDAD_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        {team ? (
          <FormField id="tarea-asignado" label="Asignada a" error={fieldError('asignado_id')}>
            <PersonSelect id="tarea-asignado" people={team} value={asignado} onChange={(e) => setAsignado(e.target.value)} />
          </FormField>
        ) : null}
      </div>
      <FormField id="tarea-cuando" label="Para cuándo">
        <Select id="tarea-cuando" value={cuando} onChange={(e) => setCuando(e.target.value as Cuando)}>
          <option value="sin">Sin fecha</option>
          <option value="fecha">Una fecha</option>
          <option value="relativa" disabled={!caso}>
            Días después de algo del caso{caso ? '' : ' (elige un caso)'}
          </option>
        </Select>
      </FormField>
      {cuando === 'fecha' ? (
        <FormField id="tarea-vence" label="Fecha" error={fieldError('vence')}>
          <DateInput id="tarea-vence" value={vence} onChange={setVence} />
        </FormField>
      ) : null}
      {cuando === 'relativa' ? (
        <fieldset className="space-y-3 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Se cuenta en el calendario del juzgado del caso</legend>
          <div className="grid grid-cols-2 gap-3">
            <FormField id="tarea-dias" label="Días" error={fieldError('relativa') && error?.message.includes('días') ? error.message : undefined}>
              <Input id="tarea-dias" inputMode="numeric" value={dias} onChange={(e) => setDias(e.target.value)} />
            </FormField>
            <FormField id="tarea-tipo" label="Tipo de días">
              <Select id="tarea-tipo" value={tipo} onChange={(e) => setTipo(e.target.value as 'habiles' | 'naturales')}>
                <option value="habiles">Hábiles</option>
                <option value="naturales">Naturales</option>
              </Select>
            </FormField>
          </div>
          <FormField id="tarea-ancla" label="Después de" error={fieldError('relativa') && !error?.message.includes('días') ? error?.message : undefined}>
            <Select id="tarea-ancla" value={ancla} onChange={(e) => setAncla(e.target.value)}>
              <option value="">
                {anchors.isPending ? 'Cargando...' : options.length ? 'Elige una actuación, un plazo o una tarea' : 'Este caso aún no tiene actuaciones, plazos ni tareas'}
              </option>
              {options.map((option) => (
                <option key={`${option.ancla}:${option.id}`} value={`${option.ancla}:${option.id}`}>
                  {`${TAREA_ANCLA_LABELS[option.ancla].replace(/^la |^el /, '').replace(/^./, (c) => c.toUpperCase())}: ${option.titulo}${option.fecha ? ` (${diaMx(option.fecha)})` : ''}`}
                </option>
              ))}
            </Select>
          </FormField>
        </fieldset>
      ) : null}
      <FormField id="tarea-notas" label="Notas (opcional)" error={fieldError('notas')}>
        <Textarea id="tarea-notas" rows={3} value={notas} onChange={(e) => setNotas(e.target.value)} />
      </FormField>
      <FormDialogFooter onCancel={onDone} submitLabel={tarea ? 'Guardar cambios' : 'Crear tarea'} submitting={save.isPending} />
    </form>
  );
}

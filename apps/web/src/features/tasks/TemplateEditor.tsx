import { MSG } from '@bufete/shared/messages';
import type { PlantillaAsunto } from '@bufete/shared/tareas';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormDialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/list-states';
import { Select } from '@/components/ui/select';
import { serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDeleteTemplate, useEscritoNames, useSaveTemplate } from './api';

type Row = Omit<PlantillaAsunto['tareas'][number], 'dias'> & { dias: number | string };

/**
 * A matter template as the lawyer makes it theirs: its name, its tasks (each
 * so many days after the day it is applied or after an earlier task) and the
 * escritos that matter usually needs, Bufete's or the lawyer's own.
 * Bufete's own is saved as a copy that replaces it for this lawyer; deleting
 * that copy brings Bufete's back.
 */
export function TemplateEditor({ plantilla, onDone }: { plantilla: PlantillaAsunto; onDone: (saved: PlantillaAsunto | null) => void }) {
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [nombre, setNombre] = useState(plantilla.nombre);
  const [rows, setRows] = useState<Row[]>(plantilla.tareas.map((tarea) => ({ ...tarea })));
  const escritoNames = useEscritoNames();
  const [escritos, setEscritos] = useState<string[]>(plantilla.escritos);
  const toggleEscrito = (id: string) => setEscritos((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const update = (index: number, patch: Partial<Row>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const removeRow = (index: number) =>
    setRows((current) =>
      current
        .filter((_, i) => i !== index)
        .map((row) => ({ ...row, despues_de: row.despues_de === null ? null : row.despues_de === index ? null : row.despues_de > index ? row.despues_de - 1 : row.despues_de })),
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const input = {
      nombre,
      descripcion: plantilla.descripcion,
      tareas: rows.map((row) => ({ titulo: row.titulo, notas: row.notas, prioridad: row.prioridad, dias: row.dias, tipo: row.tipo, despues_de: row.despues_de })),
      // Those no longer in the library (a template of their own deleted since) are let go.
      escritos: escritoNames.data ? escritos.filter((id) => escritoNames.data.has(id)) : escritos,
      basada_en: plantilla.propia ? plantilla.basada_en : plantilla.id,
    };
    try {
      const result = await save.mutateAsync({ id: plantilla.propia ? plantilla.id : null, input });
      toast.success(MSG.plantillasAsunto.creada);
      onDone(result.plantilla);
    } catch (caught) {
      setError(serverMessage(caught, MSG.plantillasAsunto.errorGuardar));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      {!plantilla.propia ? <p className="text-sm text-slate-600">Se guardará como tu plantilla y reemplazará a la de Bufete en tu cuenta.</p> : null}
      <FormField id="plantilla-nombre" label="Nombre de la plantilla *">
        <Input id="plantilla-nombre" value={nombre} onChange={(e) => setNombre(e.target.value)} />
      </FormField>
      <ol className="space-y-3" aria-label="Tareas de la plantilla">
        {rows.map((row, index) => (
          <li key={index} className="rounded-lg border border-border p-3">
            <div className="flex items-start gap-2">
              <span className="mt-2 w-5 shrink-0 text-sm text-slate-500">{index + 1}.</span>
              <div className="grid min-w-0 flex-1 grid-cols-[5rem_1fr] gap-2 sm:grid-cols-[1fr_5rem_8rem]">
                <Input aria-label={`Tarea ${index + 1}`} className="col-span-2 sm:col-span-1" value={row.titulo} onChange={(e) => update(index, { titulo: e.target.value })} />
                <Input aria-label={`Días de la tarea ${index + 1}`} inputMode="numeric" value={String(row.dias)} onChange={(e) => update(index, { dias: e.target.value })} />
                <Select aria-label={`Tipo de días de la tarea ${index + 1}`} value={row.tipo} onChange={(e) => update(index, { tipo: e.target.value as Row['tipo'] })}>
                  <option value="habiles">hábiles</option>
                  <option value="naturales">naturales</option>
                </Select>
                <div className="col-span-2 sm:col-span-3">
                  <Select
                    aria-label={`Desde cuándo se cuenta la tarea ${index + 1}`}
                    value={row.despues_de === null ? '' : String(row.despues_de)}
                    onChange={(e) => update(index, { despues_de: e.target.value === '' ? null : Number(e.target.value) })}
                  >
                    <option value="">después del día en que se aplica</option>
                    {rows.slice(0, index).map((earlier, i) => (
                      <option key={i} value={i}>
                        después de la tarea {i + 1}: {earlier.titulo.slice(0, 60)}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
              <Button type="button" variant="ghost" size="icon" aria-label={`Quitar la tarea ${index + 1}`} onClick={() => removeRow(index)}>
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        onClick={() => setRows((current) => [...current, { titulo: '', notas: null, prioridad: 'normal', dias: 5, tipo: 'habiles', despues_de: null }])}
      >
        <Plus aria-hidden /> Agregar tarea
      </Button>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Escritos que suele necesitar</legend>
        {escritoNames.isPending ? <LoadingState>Cargando escritos...</LoadingState> : null}
        {escritoNames.isError ? <Alert variant="error">{serverMessage(escritoNames.error, 'No se pudieron cargar los escritos. Inténtalo de nuevo.')}</Alert> : null}
        {escritoNames.data ? (
          <ul className="grid gap-1.5 sm:grid-cols-2">
            {[...escritoNames.data].map(([id, nombre]) => (
              <li key={id}>
                <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:min-h-0">
                  <input type="checkbox" className="size-4 accent-primary" checked={escritos.includes(id)} onChange={() => toggleEscrito(id)} />
                  {nombre}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      {plantilla.propia ? (
        <div className="flex justify-end">
          <Button type="button" variant="ghost" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden /> Eliminar mi plantilla
          </Button>
        </div>
      ) : null}
      <FormDialogFooter onCancel={() => onDone(null)} submitLabel="Guardar plantilla" submitting={save.isPending} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Eliminar plantilla"
        description={
          plantilla.basada_en ? '¿Eliminar tu versión? Volverá a usarse la plantilla de Bufete.' : '¿Eliminar esta plantilla? Las tareas ya creadas con ella se conservan.'
        }
        confirmLabel="Eliminar"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(plantilla.id, {
            onSuccess: () => {
              toast.success(MSG.plantillasAsunto.eliminada);
              onDone(null);
            },
            onError: (caught) => toast.error(serverMessage(caught, MSG.plantillasAsunto.errorGuardar)),
          })
        }
      />
    </form>
  );
}

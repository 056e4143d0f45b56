import { type Entrada, type EntradaUpdateInput, entradaUpdateSchema } from '@bufete/shared/tiempo';
import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, FormDialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useSession } from '@/lib/session';
import { useUpdateEntry } from './api';

/** Corrects an entry not yet billed: its day, hours, description and rate. */
export function EntryEditDialog({ entry, onOpenChange }: { entry: Entrada | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!entry} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Editar tiempo" description={entry?.caso?.titulo} />
        {entry ? <EntryEditForm entry={entry} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EntryEditForm({ entry, onDone }: { entry: Entrada; onDone: () => void }) {
  const { session } = useSession();
  const update = useUpdateEntry();
  const form = useSchemaForm<EntradaUpdateInput>(entradaUpdateSchema, {
    fecha: entry.fecha,
    horas: entry.horas,
    descripcion: entry.descripcion,
    tarifa_por_hora: entry.tarifa_por_hora,
  });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit, error } = useFormSubmit(
    form,
    { fields: ['fecha', 'horas', 'descripcion', 'tarifa_por_hora'], unexpected: 'No se pudo guardar. Inténtalo de nuevo.' },
    async (values) => {
      await update.mutateAsync({ id: entry.id, input: values });
      toast.success('Tiempo actualizado');
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="editar-tiempo-fecha" label="Fecha" error={errors.fecha?.message}>
          <Controller
            control={form.control}
            name="fecha"
            render={({ field }) => <DateInput id="editar-tiempo-fecha" value={String(field.value ?? '')} onChange={field.onChange} />}
          />
        </FormField>
        <FormField id="editar-tiempo-horas" label="Horas" error={errors.horas?.message}>
          <Input id="editar-tiempo-horas" type="number" min="0.25" max="24" step="0.25" inputMode="decimal" {...form.register('horas')} />
        </FormField>
      </div>
      <FormField id="editar-tiempo-descripcion" label="Descripción" error={errors.descripcion?.message}>
        <Input id="editar-tiempo-descripcion" {...form.register('descripcion')} />
      </FormField>
      <FormField id="editar-tiempo-tarifa" label="Tarifa por hora" error={errors.tarifa_por_hora?.message} hint="Vacía: tu tarifa de Configuración.">
        <Input
          id="editar-tiempo-tarifa"
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          placeholder={session?.profile.tarifa_hora ?? 'Tu tarifa'}
          {...form.register('tarifa_por_hora')}
        />
      </FormField>
      <FormDialogFooter onCancel={onDone} submitLabel={'Guardar cambios'} submitting={isSubmitting} />
    </form>
  );
}

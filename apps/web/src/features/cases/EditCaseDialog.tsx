import { type Caso, type CasoUpdateInput, casoUpdateSchema } from '@bufete/shared/casos';
import { MSG } from '@bufete/shared/messages';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, FormDialogFooter, DialogHeader } from '@/components/ui/dialog';
import { serverSays } from '@/lib/api';
import { useSchemaForm } from '@/lib/forms';
import { useUpdateCase } from './api';
import { CaseFormFields, type CaseFormValues } from './CaseFormFields';

function valuesOf(caso: Caso): CaseFormValues {
  return {
    titulo: caso.titulo,
    descripcion: caso.descripcion ?? '',
    estado: caso.estado,
    prioridad: caso.prioridad,
    cliente_id: caso.cliente_id ?? '',
    fecha_vencimiento: caso.fecha_vencimiento ?? '',
    responsable_id: caso.responsable?.id ?? '',
    asignados: caso.asignados.map((persona) => persona.id),
    expediente: caso.expediente ?? '',
    juzgado: caso.juzgado ?? '',
    secretaria: caso.secretaria ?? '',
    materia: caso.materia ?? '',
  };
}

export function EditCaseDialog({ caso, open, onOpenChange }: { caso: Caso; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader title="Editar caso" description={caso.titulo} />
        {/* Mounted only while open, so each opening starts from the saved values. */}
        {open ? <EditCaseForm caso={caso} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditCaseForm({ caso, onDone }: { caso: Caso; onDone: () => void }) {
  const updateCase = useUpdateCase();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<CaseFormValues>(casoUpdateSchema, valuesOf(caso));
  const titulo = form.watch('titulo');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // Checked by the schema already (useSchemaForm): what was typed is valid input.
      await updateCase.mutateAsync({ id: caso.id, input: values as CasoUpdateInput });
      toast.success('Caso actualizado correctamente');
      onDone();
    } catch (error) {
      setFormError(serverSays(error) ? error.message : MSG.practice.errorActualizarCaso);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {formError ? (
        <Alert variant="error" className="mb-4">
          {formError}
        </Alert>
      ) : null}
      <CaseFormFields form={form} mode="edit" idPrefix="editar-caso" cliente={caso.cliente} casoId={caso.id} />
      <FormDialogFooter onCancel={onDone} submitLabel={'Guardar Cambios'} submitting={form.formState.isSubmitting} disabled={!titulo.trim()} />
    </form>
  );
}

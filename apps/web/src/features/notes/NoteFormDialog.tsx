import { MSG } from '@bufete/shared/messages';
import { noteCreateSchema } from '@bufete/shared/notas';
import { EMPTY_DOC, type RichTextNode } from '@bufete/shared/values/notas';
import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, FormDialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useCreateNote } from './api';
import { CaseSelect } from '@/components/pickers/CaseSelect';
import { ClientSelect } from '@/components/pickers/ClientSelect';
import { LazyEditor } from './editor/LazyEditor';
import { TagPicker } from '@/components/tags/TagPicker';
import { useTeam } from '@/lib/options';

/** 'Nueva Nota': title, rich content, tags, and an optional case and client (`casoId` fixes the case). */
export function NoteFormDialog({ open, onOpenChange, casoId, clienteId }: { open: boolean; onOpenChange: (open: boolean) => void; casoId?: string; clienteId?: string | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader title="Nueva Nota" description="Escribe tu nota, dale formato y organízala con etiquetas." />
        {open ? <NoteForm casoId={casoId} clienteId={clienteId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface NoteValues {
  titulo: string;
  contenido: RichTextNode;
  etiqueta_ids: string[];
  caso_id: string;
  cliente_id: string;
  privada: boolean;
}

function NoteForm({ casoId, clienteId, onDone }: { casoId?: string; clienteId?: string | null; onDone: () => void }) {
  const create = useCreateNote();
  const form = useSchemaForm<NoteValues>(noteCreateSchema, {
    titulo: '',
    contenido: EMPTY_DOC,
    etiqueta_ids: [],
    caso_id: casoId ?? '',
    cliente_id: clienteId ?? '',
    privada: false,
  });
  // Private only means something where others work too.
  const inATeam = !!useTeam();
  const titulo = form.watch('titulo');

  const { onSubmit, error } = useFormSubmit(form, { fields: ['titulo'], unexpected: MSG.notes.errorCrear }, async (values) => {
    await create.mutateAsync({ ...values, titulo: values.titulo.trim() });
    toast.success('Nota creada correctamente');
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="nota-titulo" label="Título *" error={form.formState.errors.titulo?.message}>
        <Input id="nota-titulo" {...form.register('titulo')} placeholder="Título de la nota" maxLength={200} />
      </FormField>
      <div className="space-y-1.5">
        <Label htmlFor="nota-contenido">Contenido</Label>
        <Controller
          control={form.control}
          name="contenido"
          render={({ field }) => <LazyEditor id="nota-contenido" label="Contenido" value={field.value} onChange={field.onChange} />}
        />
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">Etiquetas</p>
        <Controller control={form.control} name="etiqueta_ids" render={({ field }) => <TagPicker selected={field.value} onChange={field.onChange} />} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {!casoId ? (
          <Controller
            control={form.control}
            name="caso_id"
            render={({ field }) => (
              <CaseSelect
                id="nota-caso"
                value={field.value}
                onChange={(id, caso) => {
                  field.onChange(id);
                  // A case brings its client along, unless one was chosen already.
                  if (caso?.cliente_id && !form.getValues('cliente_id')) form.setValue('cliente_id', caso.cliente_id);
                }}
              />
            )}
          />
        ) : null}
        <Controller control={form.control} name="cliente_id" render={({ field }) => <ClientSelect id="nota-cliente" value={field.value} onChange={field.onChange} />} />
      </div>
      {inATeam ? (
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('privada')} />
          Privada: solo yo puedo leerla
        </label>
      ) : null}
      <FormDialogFooter onCancel={onDone} submitLabel={'Crear Nota'} submitting={form.formState.isSubmitting} disabled={!titulo.trim()} />
    </form>
  );
}

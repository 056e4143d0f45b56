import { type Actuacion, type ActuacionCreateInput, actuacionCreateSchema } from '@bufete/shared/actuaciones';
import { MSG } from '@bufete/shared/messages';
import { ACTUACION_ORIGEN_LABELS, ACTUACION_ORIGENES, ACTUACION_TEXTO_MAX, ACTUACION_TIPO_LABELS, ACTUACION_TIPOS } from '@bufete/shared/values/actuaciones';
import { useEffect, useRef } from 'react';
import { Controller } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useCaseDocumentOptions } from '@/lib/options';
import { useClock } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateProceeding, useEfectos, useUpdateProceeding } from './api';

type Values = Omit<ActuacionCreateInput, 'documento_ids'> & { documento_ids: string[] };

const FIELDS = ['fecha_publicacion', 'fecha_efectos', 'tipo', 'texto', 'origen', 'fuente', 'documento_ids'] as const;

/** 'Nueva actuación' on a case, or editing one: the dates, the kind, the text as published, where it came from and the case's documents. */
export function ProceedingDialog({
  open,
  onOpenChange,
  casoId,
  actuacion,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  casoId: string;
  actuacion?: Actuacion | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader title={actuacion ? 'Editar actuación' : 'Nueva actuación'} description="Lo que el juzgado publicó en este caso, tal como se publicó." />
        {open ? <ProceedingForm casoId={casoId} actuacion={actuacion ?? null} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProceedingForm({ casoId, actuacion, onDone }: { casoId: string; actuacion: Actuacion | null; onDone: () => void }) {
  const { today } = useClock();
  const create = useCreateProceeding();
  const update = useUpdateProceeding();
  const documents = useCaseDocumentOptions(casoId);
  const form = useSchemaForm<Values>(actuacionCreateSchema, {
    caso_id: casoId,
    fecha_publicacion: actuacion?.fecha_publicacion ?? today,
    fecha_efectos: actuacion?.fecha_efectos ?? '',
    tipo: actuacion?.tipo ?? 'acuerdo',
    texto: actuacion?.texto ?? '',
    origen: actuacion?.origen ?? 'manual',
    fuente: actuacion?.fuente ?? '',
    documento_ids: actuacion?.documentos.map((documento) => documento.id) ?? [],
  });
  const { errors, isSubmitting } = form.formState;
  // 'Surte efectos' is proposed from the publication day (the case's court calendar and law) while the field is blank or
  // still holds the last proposal: a date the lawyer typed is never replaced. Editing, the saved day was the old
  // publication's: once the publication moves, it is proposed again, as when it was created.
  const publicacion = form.watch('fecha_publicacion');
  const efectos = useEfectos(casoId, publicacion);
  const proposed = useRef<string | null>(null);
  useEffect(() => {
    const fecha = efectos.data?.fecha;
    if (!fecha) return;
    const current = form.getValues('fecha_efectos');
    const savedForAnotherDay = !!actuacion && publicacion !== actuacion.fecha_publicacion && current === (actuacion.fecha_efectos ?? '');
    if (!current || current === proposed.current || savedForAnotherDay) {
      form.setValue('fecha_efectos', fecha);
      proposed.current = fecha;
    }
  }, [efectos.data, form, actuacion, publicacion]);
  const showsProposal = !!efectos.data && form.watch('fecha_efectos') === efectos.data.fecha;
  const { onSubmit, error } = useFormSubmit(form, { fields: FIELDS, unexpected: MSG.actuaciones.errorGuardar }, async (values) => {
    if (actuacion) {
      const { caso_id: _caso, ...input } = values;
      await update.mutateAsync({ id: actuacion.id, input: { ...input, origen: input.origen ?? 'manual' } });
      toast.success(MSG.actuaciones.actualizada);
    } else {
      await create.mutateAsync(values);
      toast.success(MSG.actuaciones.creada);
    }
    onDone();
  });
  const chosen = form.watch('documento_ids');
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="actuacion-publicacion" label="Fecha de publicación" error={errors.fecha_publicacion?.message}>
          <Controller
            control={form.control}
            name="fecha_publicacion"
            render={({ field }) => <DateInput id="actuacion-publicacion" value={String(field.value ?? '')} onChange={field.onChange} />}
          />
        </FormField>
        <FormField
          id="actuacion-efectos"
          label="Surte efectos"
          error={errors.fecha_efectos?.message}
          hint={showsProposal ? `Propuesta: ${efectos.data!.fundamento}. Puedes cambiarla.` : 'El día desde el que corre el término. Puedes dejarlo vacío.'}
        >
          <Controller
            control={form.control}
            name="fecha_efectos"
            render={({ field }) => <DateInput id="actuacion-efectos" value={String(field.value ?? '')} onChange={field.onChange} />}
          />
        </FormField>
        <FormField id="actuacion-tipo" label="Tipo" error={errors.tipo?.message}>
          <Select id="actuacion-tipo" {...form.register('tipo')}>
            {ACTUACION_TIPOS.map((tipo) => (
              <option key={tipo} value={tipo}>
                {ACTUACION_TIPO_LABELS[tipo]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="actuacion-origen" label="Origen" error={errors.origen?.message}>
          <Select id="actuacion-origen" {...form.register('origen')}>
            {ACTUACION_ORIGENES.map((origen) => (
              <option key={origen} value={origen}>
                {ACTUACION_ORIGEN_LABELS[origen]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField id="actuacion-texto" label="Texto publicado" error={errors.texto?.message}>
        <Textarea id="actuacion-texto" rows={6} maxLength={ACTUACION_TEXTO_MAX} {...form.register('texto')} />
      </FormField>
      <FormField id="actuacion-fuente" label="Fuente (opcional)" error={errors.fuente?.message} hint="Por ejemplo: Boletín Judicial CDMX del 26/11/2026.">
        <Input id="actuacion-fuente" {...form.register('fuente')} />
      </FormField>
      {documents.data?.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Documentos del caso vinculados (opcional)</legend>
          <div className="max-h-40 space-y-1 overflow-y-auto rounded-lg border border-border p-2">
            {documents.data.map((documento) => (
              <label key={documento.id} className="flex min-h-11 items-center gap-2 rounded px-2 text-sm text-slate-800 hover:bg-slate-50 sm:min-h-9">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.includes(documento.id)}
                  onChange={(event) =>
                    form.setValue('documento_ids', event.target.checked ? [...chosen, documento.id] : chosen.filter((id) => id !== documento.id), { shouldDirty: true })
                  }
                />
                <span className="min-w-0 truncate">{documento.nombre}</span>
              </label>
            ))}
          </div>
          {errors.documento_ids?.message ? <p className="text-sm text-red-700">{errors.documento_ids.message}</p> : null}
        </fieldset>
      ) : null}
      <FormDialogFooter onCancel={onDone} submitLabel={actuacion ? 'Guardar cambios' : 'Registrar actuación'} submitting={isSubmitting} />
    </form>
  );
}

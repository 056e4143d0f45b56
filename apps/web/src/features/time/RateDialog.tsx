import { centavosOf, formatMXN, hoursString, hundredthsOf, moneyString, rateTimesHours } from '@bufete/shared/dinero';
import { type Entrada, type EntradasTarifaInput, entradasTarifaSchema } from '@bufete/shared/tiempo';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useSession } from '@/lib/session';
import { useSetRate } from './api';
import { registered } from './timer';

/**
 * Asks the hourly rate of time kept without one: right after a timer stops
 * before the lawyer saved a rate (the time is already safe), or before such
 * time is billed. Left for later, the time stays 'Sin tarifa' until billed.
 */
export function RateDialog({
  entries,
  title,
  description,
  laterLabel = 'Más tarde',
  onOpenChange,
  onSaved,
}: {
  entries: Entrada[] | null;
  title: string;
  description: string;
  laterLabel?: string;
  onOpenChange: (open: boolean) => void;
  onSaved: (entries: Entrada[]) => void;
}) {
  return (
    <Dialog open={!!entries} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title={title} description={description} />
        {entries ? <RateForm entries={entries} laterLabel={laterLabel} onLater={() => onOpenChange(false)} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RateForm({ entries, laterLabel, onLater, onSaved }: { entries: Entrada[]; laterLabel: string; onLater: () => void; onSaved: (entries: Entrada[]) => void }) {
  const { session } = useSession();
  const setRate = useSetRate();
  const form = useSchemaForm<EntradasTarifaInput & { tarifa_por_hora: string }>(entradasTarifaSchema, {
    entrada_ids: entries.map((entry) => entry.id),
    tarifa_por_hora: session?.profile.tarifa_hora ?? '',
  });
  const { errors, isSubmitting } = form.formState;
  const centihoras = entries.reduce((sum, entry) => sum + (hundredthsOf(entry.horas) ?? 0), 0);
  const { onSubmit, error } = useFormSubmit(form, { fields: ['tarifa_por_hora'], unexpected: 'No se pudo guardar la tarifa. Inténtalo de nuevo.' }, async (values) => {
    onSaved(await setRate.mutateAsync(values));
  });
  const rate = centavosOf(form.watch('tarifa_por_hora'));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField
        id="tarifa-pendiente"
        label="Tarifa por hora"
        error={errors.tarifa_por_hora?.message}
        hint={rate ? `${hoursString(centihoras)} h × ${formatMXN(moneyString(rate))} = ${formatMXN(moneyString(rateTimesHours(rate, centihoras)))}` : undefined}
      >
        <Input id="tarifa-pendiente" type="number" min="0" step="0.01" inputMode="decimal" autoFocus placeholder="Ej: 1500" {...form.register('tarifa_por_hora')} />
      </FormField>
      <p className="text-sm text-slate-600">
        Para no escribirla cada vez, guarda tu tarifa por hora en{' '}
        <Link to="/configuracion" className="font-medium text-primary hover:underline">
          Configuración → Perfil
        </Link>
        .
      </p>
      <FormDialogFooter onCancel={onLater} cancelLabel={laterLabel} submitLabel="Guardar tarifa" submitting={isSubmitting} />
    </form>
  );
}

/** Right after a timer stopped without a saved rate: the time is kept; its rate now, or when it is billed. */
export function RateAfterStopDialog({ entrada, onClose }: { entrada: Entrada | null; onClose: () => void }) {
  return (
    <RateDialog
      entries={entrada ? [entrada] : null}
      title={`Tiempo registrado: ${entrada?.horas ?? ''} h`}
      description="Aún no tienes una tarifa por hora guardada. Escríbela para calcular su importe, o déjalo para después: se te pedirá al facturar este tiempo."
      onOpenChange={(open) => !open && onClose()}
      onSaved={([priced]) => {
        onClose();
        if (priced) registered(priced);
      }}
    />
  );
}

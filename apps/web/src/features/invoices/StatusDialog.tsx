import { formatMXN } from '@bufete/shared/dinero';
import { type Factura, facturaStatusSchema, type FacturaStatusInput } from '@bufete/shared/facturas';
import { MSG } from '@bufete/shared/messages';
import { FACTURA_ESTADO_LABEL, FACTURA_ESTADOS } from '@bufete/shared/values/facturas';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, FormDialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useUpdateInvoiceStatus } from './api';
import { PaymentFields } from './InvoiceFields';

/** 'Editar Estado de Factura' (spec part 2): number and total, the state, the paid amount when partial, and when and how it was paid. */
export function StatusDialog({ factura, onOpenChange }: { factura: Factura | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!factura} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Editar Estado de Factura" description={factura ? `${factura.numero_factura} · Total ${formatMXN(factura.monto_total)}` : undefined} />
        {factura ? <StatusForm factura={factura} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StatusForm({ factura, onDone }: { factura: Factura; onDone: () => void }) {
  const update = useUpdateInvoiceStatus();
  const form = useSchemaForm<FacturaStatusInput>(facturaStatusSchema, {
    estado: factura.estado === 'cancelada' ? 'pendiente' : factura.estado,
    monto_pagado: factura.estado === 'pagada_parcialmente' ? factura.monto_pagado : '',
    fecha_pago: '',
    forma_pago: '03',
  });
  const estado = form.watch('estado');
  const { onSubmit, error } = useFormSubmit(form, { fields: ['monto_pagado', 'fecha_pago', 'forma_pago'], unexpected: MSG.invoices.errorActualizar }, async (values) => {
    await update.mutateAsync({ id: factura.id, ...values });
    toast.success(MSG.invoices.actualizada);
    onDone();
  });
  // A payment is recorded when the paid amount rises: then its day and form are asked.
  const paying = estado === 'pagada' ? factura.estado !== 'pagada' : estado === 'pagada_parcialmente';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="estado-factura" label="Estado">
        <Select id="estado-factura" {...form.register('estado')}>
          {FACTURA_ESTADOS.map((value) => (
            <option key={value} value={value}>
              {FACTURA_ESTADO_LABEL[value]}
            </option>
          ))}
        </Select>
      </FormField>
      {estado === 'pagada_parcialmente' ? (
        <FormField id="estado-pagado" label="Monto pagado" error={form.formState.errors.monto_pagado?.message} hint="Lo pagado en total hasta hoy.">
          <Input id="estado-pagado" type="number" min="0" step="0.01" max={factura.monto_total} inputMode="decimal" {...form.register('monto_pagado')} />
        </FormField>
      ) : null}
      {paying ? <PaymentFields idPrefix="estado" form={form} /> : null}
      <FormDialogFooter onCancel={onDone} submitLabel={'Guardar Cambios'} submitting={form.formState.isSubmitting} />
    </form>
  );
}

import { formatMXN } from '@bufete/shared/dinero';
import { type Factura, facturaCancelSchema } from '@bufete/shared/facturas';
import { MSG } from '@bufete/shared/messages';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, FormDialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useCancelInvoice } from './api';

/** 'Cancelar factura': the reason is asked and kept in its history; the number is never reused; its time is unbilled again. */
export function CancelDialog({ factura, onOpenChange }: { factura: Factura | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!factura} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader
          title="Cancelar factura"
          description={factura ? `${factura.numero_factura} · ${factura.cliente?.nombre ?? 'Sin cliente'} · Total ${formatMXN(factura.monto_total)}` : undefined}
        />
        {factura ? <CancelForm factura={factura} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CancelForm({ factura, onDone }: { factura: Factura; onDone: () => void }) {
  const cancel = useCancelInvoice();
  const form = useSchemaForm<{ motivo: string }>(facturaCancelSchema, { motivo: '' });
  const { onSubmit, error } = useFormSubmit(form, { fields: ['motivo'], unexpected: MSG.invoices.errorActualizar }, async ({ motivo }) => {
    await cancel.mutateAsync({ id: factura.id, motivo });
    toast.success(MSG.invoices.cancelada(factura.numero_factura));
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>La factura queda en tu lista como «Cancelada» y deja de sumar en los totales.</li>
        <li>Su número ({factura.numero_factura}) no se vuelve a usar.</li>
        <li>El tiempo que facturaba vuelve a estar sin facturar.</li>
      </ul>
      <FormField id="cancelar-motivo" label="Motivo de la cancelación *" error={form.formState.errors.motivo?.message}>
        <Textarea id="cancelar-motivo" rows={3} placeholder="Ej: Se facturaron las mismas horas dos veces" {...form.register('motivo')} />
      </FormField>
      <FormDialogFooter onCancel={onDone} submitLabel={'Cancelar factura'} submitting={form.formState.isSubmitting} cancelLabel="Volver" destructive />
    </form>
  );
}

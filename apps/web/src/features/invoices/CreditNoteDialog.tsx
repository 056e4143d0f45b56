import { centavosOf, formatMXN, taxesOf } from '@bufete/shared/dinero';
import { type Factura, NOTA_CREDITO_MOTIVO_LABEL, NOTA_CREDITO_MOTIVOS, notaCreditoSchema, type NotaCreditoInput } from '@bufete/shared/facturas';
import { FORMAS_PAGO } from '@bufete/shared/values/fiscal';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useIssueCreditNote } from './api';

/** The forms a credit note may state: how it is given back, or 15 (Condonación) when nothing was paid (Anexo 20, Apéndice 5). */
const FORMAS = [{ clave: '15', nombre: 'Condonación' }, ...FORMAS_PAGO];

/**
 * 'Nota de crédito': a CFDI de egreso related 01 to the invoice's CFDI, for a
 * discount, a refund or a bonificación. The amount is before taxes; the
 * invoice's own taxes apply to it, and the total shows as it is typed.
 */
export function CreditNoteDialog({ factura, onOpenChange }: { factura: Factura | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!factura} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Nota de crédito" description={factura ? `${factura.numero_factura} · se relaciona con su CFDI (tipo de relación 01)` : undefined} />
        {factura ? <CreditNoteForm factura={factura} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreditNoteForm({ factura, onDone }: { factura: Factura; onDone: () => void }) {
  const issue = useIssueCreditNote();
  const paid = (centavosOf(factura.monto_pagado) ?? 0) > 0;
  const form = useSchemaForm<NotaCreditoInput>(notaCreditoSchema, {
    motivo: 'descuento',
    monto: '',
    // Nothing paid: Condonación; else how it was paid.
    forma_pago: paid ? ((factura.ultimo_pago?.forma_pago as NotaCreditoInput['forma_pago']) ?? '03') : '15',
    descripcion: '',
  });
  const values = form.watch();
  const subtotal = centavosOf(values.monto as string);
  const impuestos = factura.impuestos ? { iva: factura.impuestos.iva !== '0.00', retencion: factura.impuestos.retencion } : { iva: false, retencion: 'ninguna' as const };
  const preview = subtotal !== null && subtotal > 0 ? taxesOf(subtotal, impuestos) : null;
  const owed = (centavosOf(factura.monto_total) ?? 0) - (centavosOf(factura.monto_pagado) ?? 0) - (centavosOf(factura.monto_acreditado) ?? 0);
  const { onSubmit, error } = useFormSubmit(
    form,
    { fields: ['motivo', 'monto', 'forma_pago', 'descripcion'], unexpected: 'No se pudo timbrar la nota de crédito. Inténtalo de nuevo.' },
    async (input) => {
      const cfdi = await issue.mutateAsync({ id: factura.id, input });
      toast.success(`Nota de crédito timbrada por ${formatMXN(cfdi.total)}. Folio fiscal ${cfdi.uuid}`);
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <p className="text-sm text-slate-700">
        Aún debe {formatMXN(owed)} · pagado {formatMXN(factura.monto_pagado)}. Un descuento o una bonificación baja lo que el cliente debe; una devolución regresa parte de lo
        pagado.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="nota-motivo" label="Motivo *" error={form.formState.errors.motivo?.message}>
          <Select id="nota-motivo" {...form.register('motivo')}>
            {NOTA_CREDITO_MOTIVOS.map((motivo) => (
              <option key={motivo} value={motivo}>
                {NOTA_CREDITO_MOTIVO_LABEL[motivo]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id="nota-monto"
          label={impuestos.iva || impuestos.retencion !== 'ninguna' ? 'Monto antes de impuestos *' : 'Monto *'}
          error={form.formState.errors.monto?.message}
        >
          <Input id="nota-monto" type="number" min="0" step="0.01" inputMode="decimal" {...form.register('monto')} />
        </FormField>
      </div>
      <FormField
        id="nota-forma"
        label="Forma de pago *"
        error={form.formState.errors.forma_pago?.message}
        hint="Cómo se da el descuento o la devolución; 15 Condonación si aún no se ha pagado nada."
      >
        <Select id="nota-forma" {...form.register('forma_pago')}>
          {FORMAS.map((forma) => (
            <option key={forma.clave} value={forma.clave}>
              {forma.clave} · {forma.nombre}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="nota-descripcion" label="Descripción" error={form.formState.errors.descripcion?.message} hint="Opcional: se añade al concepto del CFDI.">
        <Input id="nota-descripcion" maxLength={200} {...form.register('descripcion')} />
      </FormField>
      <p className="text-sm font-semibold text-slate-900" data-testid="nota-total">
        Total de la nota (con los impuestos de la factura): {preview ? formatMXN(preview.total) : '—'}
      </p>
      <FormDialogFooter onCancel={onDone} submitLabel="Timbrar nota de crédito" submitting={form.formState.isSubmitting} disabled={!preview} />
    </form>
  );
}

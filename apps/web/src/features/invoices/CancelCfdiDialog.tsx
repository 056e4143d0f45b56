import { type CfdiCancelInput, cfdiCancelSchema, type CfdiComprobante } from '@bufete/shared/cfdi';
import { MSG } from '@bufete/shared/messages';
import { MOTIVOS_CANCELACION_CFDI } from '@bufete/shared/values/cfdi';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useCancelCfdi } from './api';

/**
 * 'Cancelar CFDI': the SAT's motivo and, with 01, the folio fiscal of the
 * CFDI that replaces it. The SAT cancels at once, or asks the receptor first.
 */
export function CancelCfdiDialog({ facturaId, cfdi, onOpenChange }: { facturaId: string; cfdi: CfdiComprobante | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!cfdi} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Cancelar CFDI" description={cfdi ? `Folio fiscal ${cfdi.uuid}` : undefined} />
        {cfdi ? <CancelCfdiForm facturaId={facturaId} cfdi={cfdi} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type Values = { motivo: string; folio_sustitucion: string };

function CancelCfdiForm({ facturaId, cfdi, onDone }: { facturaId: string; cfdi: CfdiComprobante; onDone: () => void }) {
  const cancel = useCancelCfdi();
  const form = useSchemaForm<Values>(cfdiCancelSchema, { motivo: '02', folio_sustitucion: '' });
  const motivo = form.watch('motivo');
  const { onSubmit, error } = useFormSubmit(form, { fields: ['motivo', 'folio_sustitucion'], unexpected: 'No se pudo cancelar el CFDI. Inténtalo de nuevo.' }, async (values) => {
    const next = await cancel.mutateAsync({ id: facturaId, cfdi: cfdi.id, ...(values as CfdiCancelInput) });
    toast.success(next.estado === 'cancelado' ? 'El SAT canceló el CFDI.' : 'Cancelación solicitada: el receptor tiene hasta 3 días hábiles para aceptarla o rechazarla.');
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <p className="text-sm text-slate-700">
        La cancelación se pide al SAT a través del PAC. Si el receptor debe aceptarla, quedará «en proceso» hasta que responda; consulta su estado después.
      </p>
      <FormField id="cfdi-motivo" label="Motivo (catálogo del SAT) *" error={form.formState.errors.motivo?.message}>
        <Select id="cfdi-motivo" {...form.register('motivo')}>
          {MOTIVOS_CANCELACION_CFDI.map((item) => (
            <option key={item.clave} value={item.clave}>
              {item.clave} · {item.nombre}
            </option>
          ))}
        </Select>
      </FormField>
      {motivo === '01' ? (
        <FormField
          id="cfdi-folio-sustitucion"
          label="Folio fiscal (UUID) del CFDI que lo sustituye *"
          error={form.formState.errors.folio_sustitucion?.message}
          hint={MSG.cfdi.folioSustitucionObligatorio}
        >
          <Input id="cfdi-folio-sustitucion" className="font-mono" autoComplete="off" placeholder="5FB2822E-396D-4725-8521-CDC4BDD20CCF" {...form.register('folio_sustitucion')} />
        </FormField>
      ) : null}
      <FormDialogFooter onCancel={onDone} submitLabel="Cancelar CFDI" submitting={form.formState.isSubmitting} cancelLabel="Volver" destructive />
    </form>
  );
}

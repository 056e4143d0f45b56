import { type Factura, FACTURA_ESTADO_LABEL, FACTURA_ESTADOS, type FacturaEstado, formatMXN, MSG } from '@bufete/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useUpdateInvoiceStatus } from './api';

/** 'Editar Estado de Factura' (spec part 2): number and total, the state, and the paid amount when partial. */
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
  const [estado, setEstado] = useState<FacturaEstado>(factura.estado);
  const [pagado, setPagado] = useState(factura.estado === 'pagada_parcialmente' ? factura.monto_pagado : '');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { id: factura.id, estado, monto_pagado: pagado },
      {
        onSuccess: () => {
          toast.success(MSG.invoices.actualizada);
          onDone();
        },
        onError: (caught) => setError(caught instanceof ApiError && caught.status === 400 ? caught.message : MSG.invoices.errorActualizar),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="estado-factura" label="Estado">
        <Select id="estado-factura" value={estado} onChange={(event) => setEstado(event.target.value as FacturaEstado)}>
          {FACTURA_ESTADOS.map((value) => (
            <option key={value} value={value}>
              {FACTURA_ESTADO_LABEL[value]}
            </option>
          ))}
        </Select>
      </FormField>
      {estado === 'pagada_parcialmente' ? (
        <FormField id="estado-pagado" label="Monto pagado">
          <Input id="estado-pagado" type="number" min="0" step="0.01" max={factura.monto_total} inputMode="decimal" value={pagado} onChange={(event) => setPagado(event.target.value)} />
        </FormField>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null} Guardar Cambios
        </Button>
      </DialogFooter>
    </form>
  );
}

import {
  centavosOf,
  facturaCreateSchema,
  FACTURA_ESTADO_LABEL,
  FACTURA_ESTADOS,
  type FacturaEstado,
  formatMXN,
  hundredthsOf,
  isPersonaMoral,
  moneyString,
  MSG,
  rateTimesHours,
  RETENCION_LABEL,
  RETENCIONES,
  type Retencion,
} from '@bufete/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useClock } from '@/lib/session';
import { useCreateInvoice, useInvoiceClients } from './api';

interface Values {
  cliente_id: string;
  fecha_emision: string;
  fecha_vencimiento: string;
  concepto: string;
  calculo_automatico: boolean;
  tarifa_por_hora: string;
  horas_trabajadas: string;
  monto: string;
  estado: FacturaEstado;
  monto_pagado: string;
  notas: string;
  conImpuestos: boolean;
  iva: boolean;
  retencion: Retencion;
}

/** 'Crear Nueva Factura' (spec part 2): client, details, amount (rate × hours by default), taxes (optional), payment status and notes. */
export function InvoiceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader title="Crear Nueva Factura" description="Los importes se calculan en pesos mexicanos, al centavo." />
        {open ? <InvoiceForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      {children}
    </fieldset>
  );
}

function InvoiceForm({ onDone }: { onDone: () => void }) {
  const { today } = useClock();
  const clients = useInvoiceClients();
  const create = useCreateInvoice();
  const [values, setValues] = useState<Values>({
    cliente_id: '',
    fecha_emision: today,
    fecha_vencimiento: '',
    concepto: '',
    calculo_automatico: true,
    tarifa_por_hora: '',
    horas_trabajadas: '',
    monto: '',
    estado: 'pendiente',
    monto_pagado: '',
    notas: '',
    conImpuestos: false,
    iva: true,
    retencion: 'ninguna',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const input = {
    cliente_id: values.cliente_id,
    fecha_emision: values.fecha_emision,
    fecha_vencimiento: values.fecha_vencimiento,
    concepto: values.concepto,
    calculo_automatico: values.calculo_automatico,
    tarifa_por_hora: values.tarifa_por_hora,
    horas_trabajadas: values.horas_trabajadas,
    monto: values.monto,
    estado: values.estado,
    monto_pagado: values.monto_pagado,
    notas: values.notas,
    impuestos: values.conImpuestos ? { iva: values.iva, retencion: values.retencion } : null,
  };
  // The same computation as the server's: what the total will be, as it is typed.
  const preview = facturaCreateSchema.safeParse({ ...input, estado: 'pendiente', concepto: input.concepto || 'x' });
  const rate = centavosOf(values.tarifa_por_hora);
  const hours = hundredthsOf(values.horas_trabajadas);
  const automaticSubtotal = values.calculo_automatico && rate !== null && hours !== null ? rateTimesHours(rate, hours) : null;
  const total = preview.success ? preview.data.total : null;
  const canSave = !!values.concepto.trim() && total !== null && total > 0 && !!values.fecha_emision;

  const chooseClient = (id: string) => {
    const rfc = clients.data?.find((client) => client.id === id)?.rfc;
    // A company (12-character RFC) withholds: propose the taxes, the lawyer confirms the regime.
    setValues((current) => ({ ...current, cliente_id: id, ...(isPersonaMoral(rfc) ? { conImpuestos: true, retencion: current.retencion === 'ninguna' ? '612' : current.retencion } : {}) }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = facturaCreateSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setErrors({ [String(issue.path[0])]: issue.message });
      return;
    }
    setErrors({});
    try {
      const factura = await create.mutateAsync(input);
      toast.success(`${MSG.invoices.creada}: ${factura.numero_factura}`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      else setFormError(MSG.invoices.errorCrear);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <Section title="Cliente">
        <FormField id="factura-cliente" label="Cliente" error={errors.cliente_id}>
          <Select id="factura-cliente" value={values.cliente_id} onChange={(event) => chooseClient(event.target.value)}>
            <option value="">Sin cliente específico</option>
            {clients.data?.map((client) => (
              <option key={client.id} value={client.id}>
                {client.nombre}
              </option>
            ))}
          </Select>
        </FormField>
      </Section>
      <Section title="Detalles">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="factura-emision" label="Fecha de emisión *" error={errors.fecha_emision}>
            <DateInput id="factura-emision" value={values.fecha_emision} onChange={(day) => set('fecha_emision', day)} />
          </FormField>
          <FormField id="factura-vencimiento" label="Fecha de vencimiento" error={errors.fecha_vencimiento}>
            <DateInput id="factura-vencimiento" value={values.fecha_vencimiento} onChange={(day) => set('fecha_vencimiento', day)} />
          </FormField>
        </div>
        <FormField id="factura-concepto" label="Concepto *" error={errors.concepto}>
          <Textarea id="factura-concepto" rows={2} value={values.concepto} onChange={(event) => set('concepto', event.target.value)} placeholder="Ej: Honorarios por la contestación de la demanda" />
        </FormField>
      </Section>
      <Section title="Monto">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4 accent-primary" checked={values.calculo_automatico} onChange={(event) => set('calculo_automatico', event.target.checked)} />
          Calcular automáticamente (tarifa × horas)
        </label>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField id="factura-tarifa" label="Tarifa por hora" error={errors.tarifa_por_hora}>
            <Input id="factura-tarifa" type="number" min="0" step="0.01" inputMode="decimal" value={values.tarifa_por_hora} onChange={(event) => set('tarifa_por_hora', event.target.value)} disabled={!values.calculo_automatico} />
          </FormField>
          <FormField id="factura-horas" label="Horas trabajadas" error={errors.horas_trabajadas}>
            <Input id="factura-horas" type="number" min="0" step="0.25" inputMode="decimal" value={values.horas_trabajadas} onChange={(event) => set('horas_trabajadas', event.target.value)} disabled={!values.calculo_automatico} />
          </FormField>
          <FormField id="factura-monto" label={values.conImpuestos ? 'Subtotal' : 'Monto total'} error={errors.monto}>
            <Input
              id="factura-monto"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              value={values.calculo_automatico ? (automaticSubtotal !== null ? moneyString(automaticSubtotal) : '') : values.monto}
              onChange={(event) => set('monto', event.target.value)}
              readOnly={values.calculo_automatico}
              aria-readonly={values.calculo_automatico}
            />
          </FormField>
        </div>
      </Section>
      <Section title="Impuestos (opcional)">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4 accent-primary" checked={values.conImpuestos} onChange={(event) => set('conImpuestos', event.target.checked)} />
          Agregar IVA y, si facturas a una empresa, retenciones
        </label>
        {values.conImpuestos ? (
          <div className="space-y-3">
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4 accent-primary" checked={values.iva} onChange={(event) => set('iva', event.target.checked)} />
              IVA 16 %
            </label>
            <FormField id="factura-retencion" label="Retenciones">
              <Select id="factura-retencion" value={values.retencion} onChange={(event) => set('retencion', event.target.value as Retencion)}>
                {RETENCIONES.map((retencion) => (
                  <option key={retencion} value={retencion}>
                    {RETENCION_LABEL[retencion]}
                  </option>
                ))}
              </Select>
            </FormField>
            {preview.success && preview.data.impuestos ? (
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm" data-testid="tax-breakdown">
                <dt>Subtotal</dt>
                <dd className="text-right tabular-nums">{formatMXN(preview.data.impuestos.subtotal)}</dd>
                <dt>IVA 16 %</dt>
                <dd className="text-right tabular-nums">{formatMXN(preview.data.impuestos.iva)}</dd>
                <dt>Retención ISR</dt>
                <dd className="text-right tabular-nums">-{formatMXN(preview.data.impuestos.isrRetenido)}</dd>
                <dt>Retención IVA</dt>
                <dd className="text-right tabular-nums">-{formatMXN(preview.data.impuestos.ivaRetenido)}</dd>
              </dl>
            ) : null}
          </div>
        ) : null}
        <p className="text-sm font-semibold text-slate-900" data-testid="invoice-total">
          Total a cobrar: {total !== null && total > 0 ? formatMXN(total) : '—'}
        </p>
      </Section>
      <Section title="Estado de pago">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="factura-estado" label="Estado">
            <Select id="factura-estado" value={values.estado} onChange={(event) => set('estado', event.target.value as FacturaEstado)}>
              {FACTURA_ESTADOS.map((estado) => (
                <option key={estado} value={estado}>
                  {FACTURA_ESTADO_LABEL[estado]}
                </option>
              ))}
            </Select>
          </FormField>
          {values.estado === 'pagada_parcialmente' ? (
            <FormField id="factura-pagado" label="Monto pagado" error={errors.monto_pagado}>
              <Input
                id="factura-pagado"
                type="number"
                min="0"
                step="0.01"
                max={total !== null ? moneyString(total) : undefined}
                inputMode="decimal"
                value={values.monto_pagado}
                onChange={(event) => set('monto_pagado', event.target.value)}
              />
            </FormField>
          ) : null}
        </div>
      </Section>
      <FormField id="factura-notas" label="Notas">
        <Textarea id="factura-notas" rows={2} value={values.notas} onChange={(event) => set('notas', event.target.value)} />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!canSave || create.isPending}>
          {create.isPending ? <Spinner /> : null} Crear Factura
        </Button>
      </DialogFooter>
    </form>
  );
}

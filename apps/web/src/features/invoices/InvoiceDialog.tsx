import { formatMXN, moneyString, rateTimesHours, RETENCION_LABEL, RETENCIONES, type Retencion, centavosOf, hundredthsOf } from '@bufete/shared/dinero';
import { type Factura, facturaCreateSchema, type FacturaCreateInput, facturaUpdateSchema } from '@bufete/shared/facturas';
import { facturaDraftFromTime } from '@bufete/shared/facturas-desde-tiempo';
import { MSG } from '@bufete/shared/messages';
import { type Entrada } from '@bufete/shared/tiempo';
import { FACTURA_ESTADO_LABEL, FACTURA_ESTADOS } from '@bufete/shared/values/facturas';
import { proposedTaxes } from '@bufete/shared/values/fiscal';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, FormDialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/list-states';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { applyServerError, useSchemaForm } from '@/lib/forms';
import { useClock, useSession } from '@/lib/session';
import { codeOf, serverMessage } from '@/lib/api';
import { useCreateInvoice, useInvoiceClients, useSubstituteInvoice, useUpdateInvoice } from './api';
import { EntriesSummary, PaymentFields, Section } from './InvoiceFields';

/** What the dialog does: a new invoice, one from reviewed time entries, or the edit of a pendiente one. */
export type InvoiceDialogMode = { kind: 'create' } | { kind: 'time'; entries: Entrada[] } | { kind: 'edit'; factura: Factura } | { kind: 'substitute'; factura: Factura };

type Values = FacturaCreateInput;

const TITLES = { create: 'Crear Nueva Factura', time: 'Facturar tiempo', edit: 'Editar factura', substitute: 'Sustituir CFDI' } as const;

/** 'Crear Nueva Factura' (spec part 2): client, details, amount (rate × hours by default), taxes (optional), payment status and notes. */
export function InvoiceDialog({
  mode,
  onOpenChange,
  onCreated,
  onSubstituted,
}: {
  mode: InvoiceDialogMode | null;
  onOpenChange: (open: boolean) => void;
  onCreated?: (factura: Factura) => void;
  /** After 'Sustituir CFDI': the invoice to show (the new one, or the original when it stopped halfway). */
  onSubstituted?: (facturaId: string) => void;
}) {
  const description =
    mode?.kind === 'time'
      ? 'Revisa la factura antes de crearla: puedes cambiar el concepto, el monto y los impuestos.'
      : mode?.kind === 'edit'
        ? `${mode.factura.numero_factura}: su número, su estado y su tiempo no cambian.`
        : mode?.kind === 'substitute'
          ? `Corrige lo que esté mal en ${mode.factura.numero_factura}. Se creará una factura nueva con estos datos (sus pagos y su tiempo pasan a ella), se timbrará relacionada (04) con el CFDI actual y después se pedirá al SAT cancelar el actual con motivo 01. Si el error está en los datos fiscales del cliente, corrígelos antes en su ficha.`
          : 'Los importes se calculan en pesos mexicanos, al centavo.';
  return (
    <Dialog open={!!mode} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader title={mode ? TITLES[mode.kind] : ''} description={description} />
        {mode ? <InvoiceFormLoader mode={mode} onDone={() => onOpenChange(false)} onCreated={onCreated} onSubstituted={onSubstituted} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The form's values of an existing invoice (its edit). */
function valuesOf(factura: Factura): Values {
  return {
    cliente_id: factura.cliente?.id ?? '',
    fecha_emision: factura.fecha_emision,
    fecha_vencimiento: factura.fecha_vencimiento ?? '',
    concepto: factura.concepto,
    calculo_automatico: !!(factura.tarifa_por_hora && factura.horas_trabajadas),
    tarifa_por_hora: factura.tarifa_por_hora ?? '',
    horas_trabajadas: factura.horas_trabajadas ?? '',
    monto: factura.impuestos?.subtotal ?? factura.monto_total,
    notas: factura.notas ?? '',
    impuestos: factura.impuestos ? { iva: factura.impuestos.iva !== '0.00', retencion: factura.impuestos.retencion } : null,
  };
}

/** Invoicing's review of chosen time entries (what the time widgets bill with: features/time BillTimeDialog). */
export function BillTimeDialog({ entries, onOpenChange, onCreated }: { entries: Entrada[] | null; onOpenChange: (open: boolean) => void; onCreated: (factura: Factura) => void }) {
  return <InvoiceDialog mode={entries ? { kind: 'time', entries } : null} onOpenChange={onOpenChange} onCreated={onCreated} />;
}

type FormProps = { mode: InvoiceDialogMode; onDone: () => void; onCreated?: (factura: Factura) => void; onSubstituted?: (facturaId: string) => void };

/** The form starts once the clients are known: reviewed time takes its taxes from its client's regime. */
function InvoiceFormLoader(props: FormProps) {
  const { today } = useClock();
  const { session } = useSession();
  const clients = useInvoiceClients();
  if (clients.isPending) return <LoadingState>Cargando...</LoadingState>;
  const { mode } = props;
  const defaults: Values =
    mode.kind === 'time'
      ? facturaDraftFromTime(mode.entries, { today, lawyer: session?.profile ?? null, cliente: clients.data?.find((client) => client.id === mode.entries[0]?.cliente?.id) ?? null })
      : mode.kind === 'edit' || mode.kind === 'substitute'
        ? valuesOf(mode.factura)
        : {
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
            fecha_pago: '',
            forma_pago: '03',
            notas: '',
            impuestos: null,
            anticipo: false,
          };
  return <InvoiceForm {...props} defaults={defaults} />;
}

function InvoiceForm({ mode, onDone, onCreated, onSubstituted, defaults }: FormProps & { defaults: Values }) {
  const { session } = useSession();
  const clients = useInvoiceClients();
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const substitute = useSubstituteInvoice();
  const [formError, setFormError] = useState<string | null>(null);
  // The edit's schema reads a subset of the same values (no state, payment or time).
  const form = useSchemaForm<Values>(mode.kind === 'edit' || mode.kind === 'substitute' ? facturaUpdateSchema : facturaCreateSchema, defaults);
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();

  // The same computation as the server's: what the total will be, as it is typed.
  const preview = facturaCreateSchema.safeParse({ ...values, estado: 'pendiente', concepto: values.concepto || 'x', entrada_ids: [], anticipo: false });
  const rate = centavosOf(values.tarifa_por_hora as string);
  const hours = hundredthsOf(values.horas_trabajadas as string);
  const automaticSubtotal = values.calculo_automatico && rate !== null && hours !== null ? rateTimesHours(rate, hours) : null;
  const total = preview.success ? preview.data.total : null;
  // An amount the invoice cannot hold keeps 'Crear Factura' off: say why, where the total would be.
  const pastTheColumn = !preview.success && preview.error.issues.some((issue) => issue.message === MSG.invoices.montoExcede) ? MSG.invoices.montoExcede : null;
  const taxes = values.impuestos ?? null;

  const chooseClient = (id: string) => {
    form.setValue('cliente_id', id);
    if (mode.kind === 'edit' || mode.kind === 'substitute') return;
    // The client's regime and the lawyer's propose the taxes; the lawyer can change them.
    const client = clients.data?.find((item) => item.id === id) ?? null;
    const proposed = proposedTaxes(session?.profile, client);
    if (proposed) form.setValue('impuestos', proposed);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      if (mode.kind === 'edit') {
        await update.mutateAsync({ id: mode.factura.id, input });
        toast.success(MSG.invoices.editada);
      } else if (mode.kind === 'substitute') {
        const done = await substitute.mutateAsync({ id: mode.factura.id, input });
        toast.success(
          done.paso === 'terminada'
            ? `CFDI sustituido: ${done.sustituto.numero_factura} timbrado y ${done.original.numero_factura} cancelado ante el SAT.`
            : `${done.sustituto.numero_factura} timbrado; la cancelación de ${done.original.numero_factura} espera la respuesta del receptor.`,
        );
        onDone();
        onSubstituted?.(done.sustituto.id);
        return;
      } else {
        const factura = await create.mutateAsync(input);
        // One notice per invoice: the caller's, when it has one to say (billing time names the amount and leads to Facturación).
        if (onCreated) onCreated(factura);
        else toast.success(`${MSG.invoices.creada}: ${factura.numero_factura}`);
      }
      onDone();
    } catch (error) {
      // Past its first step (the new invoice exists): the invoice's detail says where it stopped and offers to finish it.
      if (mode.kind === 'substitute' && ['PAC_REJECTED', 'PAC_UNAVAILABLE', 'CFDI_CONFLICT', 'PAC_NOT_CONFIGURED'].includes(codeOf(error) ?? '')) {
        toast.error(serverMessage(error, MSG.invoices.errorActualizar));
        onDone();
        onSubstituted?.(mode.factura.id);
        return;
      }
      const fields = [
        'cliente_id',
        'fecha_emision',
        'fecha_vencimiento',
        'concepto',
        'tarifa_por_hora',
        'horas_trabajadas',
        'monto',
        'monto_pagado',
        'fecha_pago',
        'forma_pago',
        'estado',
        'anticipo',
      ] as const;
      setFormError(
        applyServerError(error, {
          setError: form.setError,
          fields,
          unexpected: mode.kind === 'create' || mode.kind === 'time' ? MSG.invoices.errorCrear : MSG.invoices.errorActualizar,
        }),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      {mode.kind === 'time' ? <EntriesSummary entries={mode.entries} /> : null}
      <Section title="Cliente">
        <FormField id="factura-cliente" label="Cliente" error={errors.cliente_id?.message} hint={mode.kind === 'time' ? 'El del tiempo que facturas.' : undefined}>
          <Select id="factura-cliente" value={values.cliente_id ?? ''} onChange={(event) => chooseClient(event.target.value)} disabled={mode.kind === 'time'}>
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
          <FormField id="factura-emision" label="Fecha de emisión *" error={errors.fecha_emision?.message}>
            <Controller
              control={form.control}
              name="fecha_emision"
              render={({ field }) => <DateInput id="factura-emision" value={String(field.value ?? '')} onChange={field.onChange} />}
            />
          </FormField>
          <FormField id="factura-vencimiento" label="Fecha de vencimiento" error={errors.fecha_vencimiento?.message}>
            <Controller
              control={form.control}
              name="fecha_vencimiento"
              render={({ field }) => <DateInput id="factura-vencimiento" value={String(field.value ?? '')} onChange={field.onChange} />}
            />
          </FormField>
        </div>
        <FormField id="factura-concepto" label="Concepto *" error={errors.concepto?.message}>
          <Textarea id="factura-concepto" rows={2} placeholder="Ej: Honorarios por la contestación de la demanda" {...form.register('concepto')} />
        </FormField>
      </Section>
      <Section title="Monto">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('calculo_automatico')} />
          Calcular automáticamente (tarifa × horas)
        </label>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField id="factura-tarifa" label="Tarifa por hora" error={errors.tarifa_por_hora?.message}>
            <Input id="factura-tarifa" type="number" min="0" step="0.01" inputMode="decimal" disabled={!values.calculo_automatico} {...form.register('tarifa_por_hora')} />
          </FormField>
          <FormField id="factura-horas" label="Horas trabajadas" error={errors.horas_trabajadas?.message}>
            <Input id="factura-horas" type="number" min="0" step="0.25" inputMode="decimal" disabled={!values.calculo_automatico} {...form.register('horas_trabajadas')} />
          </FormField>
          <FormField id="factura-monto" label={taxes ? 'Subtotal' : 'Monto total'} error={errors.monto?.message}>
            {values.calculo_automatico ? (
              <Input id="factura-monto" type="number" value={automaticSubtotal !== null ? moneyString(automaticSubtotal) : ''} readOnly aria-readonly />
            ) : (
              <Input id="factura-monto" type="number" min="0" step="0.01" inputMode="decimal" {...form.register('monto')} />
            )}
          </FormField>
        </div>
      </Section>
      <Section title="Impuestos (opcional)">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={!!taxes}
            onChange={(event) =>
              form.setValue(
                'impuestos',
                event.target.checked
                  ? (proposedTaxes(
                      session?.profile,
                      clients.data?.find((item) => item.id === values.cliente_id),
                    ) ?? { iva: true, retencion: 'ninguna' })
                  : null,
              )
            }
          />
          Agregar IVA y, si facturas a una empresa, retenciones
        </label>
        {taxes ? (
          <div className="space-y-3">
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={taxes.iva !== false}
                onChange={(event) => form.setValue('impuestos', { ...taxes, iva: event.target.checked })}
              />
              IVA 16 %
            </label>
            <FormField id="factura-retencion" label="Retenciones">
              <Select
                id="factura-retencion"
                value={taxes.retencion ?? 'ninguna'}
                onChange={(event) => form.setValue('impuestos', { ...taxes, retencion: event.target.value as Retencion })}
              >
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
        {pastTheColumn ? (
          <p role="alert" className="text-sm text-destructive" data-testid="invoice-total-error">
            {pastTheColumn}
          </p>
        ) : null}
      </Section>
      {mode.kind === 'create' || mode.kind === 'time' ? (
        <Section title="Estado de pago">
          {mode.kind === 'create' ? (
            <div className="space-y-1">
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  aria-describedby={values.anticipo ? 'factura-anticipo-hint' : undefined}
                  checked={!!values.anticipo}
                  onChange={(event) => {
                    form.setValue('anticipo', event.target.checked);
                    // An advance is recorded once received: paid, with how.
                    if (event.target.checked) form.setValue('estado', 'pagada');
                  }}
                />
                Es un anticipo (el servicio o su precio aún no están definidos)
              </label>
              {errors.anticipo?.message ? (
                <p role="alert" className="text-sm text-destructive">
                  {errors.anticipo.message}
                </p>
              ) : values.anticipo ? (
                <p id="factura-anticipo-hint" className="text-sm text-slate-600">
                  {MSG.invoices.anticipoAyuda}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="factura-estado" label="Estado" error={errors.estado?.message}>
              <Select id="factura-estado" {...form.register('estado')}>
                {FACTURA_ESTADOS.map((estado) => (
                  <option key={estado} value={estado}>
                    {FACTURA_ESTADO_LABEL[estado]}
                  </option>
                ))}
              </Select>
            </FormField>
            {values.estado === 'pagada_parcialmente' ? (
              <FormField id="factura-pagado" label="Monto pagado" error={errors.monto_pagado?.message}>
                <Input
                  id="factura-pagado"
                  type="number"
                  min="0"
                  step="0.01"
                  max={total !== null ? moneyString(total) : undefined}
                  inputMode="decimal"
                  {...form.register('monto_pagado')}
                />
              </FormField>
            ) : null}
          </div>
          {values.estado && values.estado !== 'pendiente' ? <PaymentFields idPrefix="factura" form={form} /> : null}
        </Section>
      ) : null}
      <FormField id="factura-notas" label="Notas" error={errors.notas?.message}>
        <Textarea id="factura-notas" rows={2} {...form.register('notas')} />
      </FormField>
      <FormDialogFooter
        onCancel={onDone}
        submitLabel={mode.kind === 'edit' ? 'Guardar cambios' : mode.kind === 'substitute' ? 'Timbrar sustituto y cancelar el original' : 'Crear Factura'}
        submitting={isSubmitting}
        disabled={!values.concepto?.trim() || total === null || total <= 0}
      />
    </form>
  );
}

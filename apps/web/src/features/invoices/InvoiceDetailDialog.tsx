import { diaMx } from '@bufete/shared/dates';
import { centavosOf, formatMXN } from '@bufete/shared/dinero';
import { importeDeEntrada } from '@bufete/shared/values/tiempo';
import { type Factura } from '@bufete/shared/facturas';
import { MSG } from '@bufete/shared/messages';
import { formaPagoNombre } from '@bufete/shared/values/fiscal';
import { facturasApi } from '@bufete/shared/api/facturas';
import { Ban, CircleDollarSign, Download, Mail, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/list-states';
import { fileUrl, serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { History } from '@/components/history';
import { useClock } from '@/lib/session';
import { useEmailInvoice, useInvoice } from './api';
import { InvoiceBadges } from './badges';
import { AdvancePanel } from './AdvancePanel';
import { CfdiPanel } from './CfdiPanel';

export interface InvoiceActions {
  onEdit(factura: Factura): void;
  onStatus(factura: Factura): void;
  onCancel(factura: Factura): void;
  /** 'Sustituir CFDI': the corrected copy's form. */
  onSubstitute(factura: Factura): void;
}

/** One invoice: its figures, payments, the time it bills and its history, with what can be done to it. */
export function InvoiceDetailDialog({ facturaId, onOpenChange, actions }: { facturaId: string | null; onOpenChange: (open: boolean) => void; actions: InvoiceActions }) {
  const detail = useInvoice(facturaId);
  const factura = detail.data?.factura;
  return (
    <Dialog open={!!facturaId} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader title={factura ? `Factura ${factura.numero_factura}` : 'Factura'} description={factura ? (factura.cliente?.nombre ?? 'Sin cliente') : undefined} />
        {detail.isPending ? <LoadingState>Cargando factura...</LoadingState> : null}
        {detail.isError ? <Alert variant="error">No se pudo cargar la factura. Inténtalo de nuevo.</Alert> : null}
        {detail.data ? <Detail data={detail.data} actions={actions} close={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function Detail({ data, actions, close }: { data: NonNullable<ReturnType<typeof useInvoice>['data']>; actions: InvoiceActions; close: () => void }) {
  const { today, timeZone } = useClock();
  const email = useEmailInvoice();
  const { factura, pagos, entradas, historial } = data;
  const stampedCfdi = data.cfdis.some((cfdi) => cfdi.tipo === 'I' && cfdi.uuid);
  // A live CFDI is cancelled before the SAT, not here; payments are taken back first.
  const cancelBlocked =
    factura.cfdi && factura.cfdi.estado !== 'cancelado' ? MSG.cfdi.facturaTimbrada : (centavosOf(factura.monto_pagado) ?? 0) > 0 ? MSG.invoices.conPagos : undefined;
  const acreditado = centavosOf(factura.monto_acreditado) ?? 0;
  const anticipoAplicado = data.anticipo.aplicado?.aplicado ? (centavosOf(data.anticipo.aplicado.monto_total) ?? 0) : 0;
  const saldo = factura.estado === 'cancelada' ? 0 : (centavosOf(factura.monto_total) ?? 0) - (centavosOf(factura.monto_pagado) ?? 0) - acreditado;
  const act = (run: (factura: Factura) => void) => () => {
    close();
    run(factura);
  };
  const retenido = factura.impuestos ? (centavosOf(factura.impuestos.isr_retenido) ?? 0) + (centavosOf(factura.impuestos.iva_retenido) ?? 0) : 0;
  const rows: [string, string][] = [
    ['Fecha de emisión', diaMx(factura.fecha_emision)],
    ['Fecha de vencimiento', factura.fecha_vencimiento ? diaMx(factura.fecha_vencimiento) : 'Sin vencimiento'],
    ...(factura.impuestos
      ? ([
          ['Subtotal', formatMXN(factura.impuestos.subtotal)],
          ['IVA', formatMXN(factura.impuestos.iva)],
          // Only an invoice that withholds says so ('-$0.00' reads as a mistake).
          ...(retenido > 0 ? [['Retenciones', `-${formatMXN(retenido)}`]] : []),
        ] as [string, string][])
      : []),
    ['Total', formatMXN(factura.monto_total)],
    ['Pagado', formatMXN(factura.monto_pagado)],
    // An advance applied is a CFDI de egreso too: said apart from the credit notes.
    ...(anticipoAplicado > 0 ? ([['Anticipo aplicado', `-${formatMXN(anticipoAplicado)}`]] as [string, string][]) : []),
    ...(acreditado - anticipoAplicado > 0 ? ([['Notas de crédito', `-${formatMXN(acreditado - anticipoAplicado)}`]] as [string, string][]) : []),
    ['Saldo', formatMXN(saldo)],
  ];
  return (
    <div className="space-y-6" data-testid="invoice-detail">
      <div className="flex flex-wrap items-center gap-2">
        <InvoiceBadges factura={factura} today={today} />
      </div>
      {factura.cancelacion ? (
        <Alert variant="error">
          Cancelada el {formatShortDateTime(factura.cancelacion.fecha, timeZone)}. Motivo: {factura.cancelacion.motivo}
        </Alert>
      ) : null}
      <p className="text-sm break-words whitespace-pre-line text-slate-800">{factura.concepto}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {factura.editable ? (
          <Button variant="outline" onClick={act(actions.onEdit)}>
            <Pencil aria-hidden /> Editar factura
          </Button>
        ) : null}
        {factura.estado !== 'cancelada' ? (
          <Button variant="outline" onClick={act(actions.onStatus)}>
            <CircleDollarSign aria-hidden /> Registrar pago o estado
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <a href={fileUrl(facturasApi.pdf, { id: factura.id })} target="_blank" rel="noopener">
            <Download aria-hidden /> {stampedCfdi ? 'Factura PDF (CFDI)' : 'Recibo PDF'}
          </a>
        </Button>
        {factura.estado !== 'cancelada' ? (
          <Button
            variant="outline"
            disabled={!factura.cliente?.email || email.isPending}
            title={factura.cliente?.email ? undefined : MSG.invoices.sinEmailCliente}
            onClick={() =>
              email.mutate(factura.id, {
                onSuccess: (message) => toast.success(message),
                onError: (error) => toast.error(serverMessage(error, MSG.reminders.errorEnviando)),
              })
            }
          >
            <Mail aria-hidden /> Enviar por email
          </Button>
        ) : null}
        {factura.estado !== 'cancelada' ? (
          <Button variant="outline" className="text-red-700" onClick={act(actions.onCancel)} disabled={!!cancelBlocked} title={cancelBlocked}>
            <Ban aria-hidden /> Cancelar factura
          </Button>
        ) : null}
      </div>
      <AdvancePanel data={data} />
      {data.factura_global ? (
        <Alert variant="info">
          Incluido en la factura global {data.factura_global.numero}
          {data.factura_global.uuid ? ` (folio fiscal ${data.factura_global.uuid})` : ''}: no se timbra por separado. Si el cliente pide su propia factura, cancela esa factura
          global con el motivo 04 desde «Factura global»: el recibo quedará libre.
        </Alert>
      ) : null}
      <CfdiPanel data={data} timeZone={timeZone} onSubstitute={act(actions.onSubstitute)} />
      {pagos.length ? (
        <Block title="Pagos">
          <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="invoice-payments">
            {pagos.map((pago) => (
              <li key={pago.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span>
                  {diaMx(pago.fecha)} · {formaPagoNombre(pago.forma_pago)}
                </span>
                <span className="font-medium tabular-nums">{formatMXN(pago.monto)}</span>
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      {entradas.length ? (
        <Block title={`Tiempo facturado (${entradas.length})`}>
          <ul className="max-h-56 divide-y divide-border overflow-y-auto rounded-lg border border-border text-sm">
            {entradas.map((entrada) => (
              <li key={entrada.id} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2">
                <span className="w-24 shrink-0 text-slate-600">{diaMx(entrada.fecha)}</span>
                <span className="min-w-0 flex-1 break-words">{entrada.descripcion}</span>
                <span className="shrink-0 tabular-nums">{entrada.horas} h</span>
                <span className="w-28 shrink-0 text-right font-medium tabular-nums">{importeDeEntrada(entrada)}</span>
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      <Block title="Historial">
        <History entries={historial} timeZone={timeZone} />
      </Block>
    </div>
  );
}

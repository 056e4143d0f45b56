import { type FacturaGlobal } from '@bufete/shared/cfdi';
import { diaLargo, diaMx } from '@bufete/shared/dates';
import { formatMXN } from '@bufete/shared/dinero';
import { CFDI_ESTADO_LABEL, MESES_GLOBAL, MOTIVOS_CANCELACION_CFDI, MOTIVOS_CANCELACION_GLOBAL, PERIODICIDADES_GLOBAL, type PeriodicidadGlobal } from '@bufete/shared/values/cfdi';
import { formaPagoNombre } from '@bufete/shared/values/fiscal';
import { globalesApi } from '@bufete/shared/api/cfdi';
import { Ban, Download, FileCode, RefreshCw, Stamp } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/list-states';
import { Select } from '@/components/ui/select';
import { fileUrl, serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { useClock } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCancelGlobal, useGlobalInvoices, useGlobalPreview, useIssueGlobal, useRefreshGlobal, useResumeGlobal } from './api';

/** The last day of the month before `today`: a monthly global is issued once its month has closed. */
function lastDayOfPreviousMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month - 1, 0));
  return last.toISOString().slice(0, 10);
}

const mesesNombre = (clave: string) => MESES_GLOBAL.find((item) => item.clave === clave)?.nombre ?? clave;
const motivoNombre = (clave: string) => MOTIVOS_CANCELACION_CFDI.find((item) => item.clave === clave)?.nombre ?? clave;

/** What each motivo a global is cancelled with means for the lawyer (the SAT's catalogue in plain words). */
const MOTIVO_GLOBAL_AYUDA: Record<(typeof MOTIVOS_CANCELACION_GLOBAL)[number], string> = {
  '04': 'Un cliente de un recibo incluido pidió su propia factura. Tras cancelarla, quita «No requiere factura» a ese cliente, emite de nuevo la factura global del periodo (ya no lo incluirá) y timbra su CFDI.',
  '02': 'La factura global tiene un error. Tras cancelarla, sus recibos quedan libres para emitirla de nuevo.',
  '03': 'La operación no se llevó a cabo.',
};

/**
 * 'Factura global': the paid receipts without a CFDI of the clients marked
 * 'No requiere factura', gathered for a period into one CFDI to público en
 * general, as the SAT's Guía asks; the ones issued, to download.
 */
export function GlobalInvoiceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader
          title="Factura global"
          description="Un CFDI a público en general (RFC XAXX010101000) con los recibos pagados y sin CFDI de los clientes marcados «No requiere factura». El SAT pide emitirla a más tardar 24 horas después del cierre del periodo."
        />
        {open ? <GlobalInvoiceForm /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GlobalInvoiceForm() {
  const { today } = useClock();
  const [periodicidad, setPeriodicidad] = useState<PeriodicidadGlobal>('04');
  const [fecha, setFecha] = useState(() => lastDayOfPreviousMonth(today));
  const [error, setError] = useState<string | null>(null);
  const preview = useGlobalPreview(periodicidad, fecha);
  const issued = useGlobalInvoices(true);
  const issue = useIssueGlobal();
  const data = preview.data;

  const onIssue = () => {
    setError(null);
    issue.mutate(
      { periodicidad, fecha },
      {
        onSuccess: (global) => toast.success(`Factura global ${global.numero} timbrada. Folio fiscal ${global.uuid}`),
        onError: (failure) => setError(serverMessage(failure, 'No se pudo timbrar la factura global. Inténtalo de nuevo.')),
      },
    );
  };

  return (
    <div className="space-y-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="global-periodicidad" label="Periodicidad">
          <Select id="global-periodicidad" value={periodicidad} onChange={(event) => setPeriodicidad(event.target.value as PeriodicidadGlobal)}>
            {PERIODICIDADES_GLOBAL.map((item) => (
              <option key={item.clave} value={item.clave}>
                {item.clave === '05' ? `${item.nombre} (solo Régimen de Incorporación Fiscal)` : item.nombre}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="global-fecha" label="Un día del periodo" hint="El periodo es el día, la semana (lunes a domingo), la quincena, el mes o el bimestre que lo contiene.">
          <DateInput id="global-fecha" value={fecha} onChange={(value) => setFecha(value)} />
        </FormField>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {preview.isError ? <Alert variant="error">{serverMessage(preview.error, 'No se pudieron leer los recibos del periodo. Inténtalo de nuevo.')}</Alert> : null}
      {preview.isPending && fecha ? <LoadingState>Buscando recibos...</LoadingState> : null}
      {data ? (
        <section className="space-y-2" aria-labelledby="global-recibos" data-testid="global-preview">
          <h3 id="global-recibos" className="text-sm font-semibold text-slate-900">
            Del {diaLargo(data.periodo.desde)} al {diaLargo(data.periodo.hasta)} · Meses {data.periodo.meses} ({mesesNombre(data.periodo.meses)}) · Año {data.periodo.anio}
          </h3>
          {data.recibos.length === 0 ? (
            <p className="text-sm text-slate-600">No hay recibos pagados sin CFDI de clientes que no piden factura en este periodo.</p>
          ) : (
            <>
              <ul className="max-h-64 divide-y divide-border overflow-y-auto rounded-lg border border-border text-sm">
                {data.recibos.map((recibo) => (
                  <li key={recibo.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2">
                    <span className="min-w-0">
                      <span className="font-medium text-slate-900">{recibo.numero_factura}</span>
                      <span className="text-slate-600"> · {recibo.cliente ?? 'Sin cliente'}</span>
                      <span className="block text-slate-500">
                        Pagado el {diaMx(recibo.fecha_pago)} · {formaPagoNombre(recibo.forma_pago)}
                      </span>
                    </span>
                    <span className="font-medium tabular-nums">{formatMXN(recibo.total)}</span>
                  </li>
                ))}
              </ul>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
                <dt>Subtotal</dt>
                <dd className="text-right tabular-nums">{formatMXN(data.subtotal)}</dd>
                <dt>IVA 16 %</dt>
                <dd className="text-right tabular-nums">{formatMXN(data.iva)}</dd>
                <dt className="font-semibold">Total</dt>
                <dd className="text-right font-semibold tabular-nums">{formatMXN(data.total)}</dd>
                <dt>Forma de pago (la del recibo mayor)</dt>
                <dd className="text-right">{data.forma_pago ? formaPagoNombre(data.forma_pago) : '—'}</dd>
              </dl>
            </>
          )}
          {data.recibos.length ? (
            <div className="flex justify-end">
              <Button onClick={onIssue} disabled={issue.isPending}>
                <Stamp aria-hidden /> {issue.isPending ? 'Timbrando...' : `Timbrar factura global (${data.recibos.length} ${data.recibos.length === 1 ? 'recibo' : 'recibos'})`}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
      <section className="space-y-2" aria-labelledby="global-emitidas">
        <h3 id="global-emitidas" className="text-sm font-semibold text-slate-900">
          Facturas globales emitidas
        </h3>
        {issued.isPending ? <LoadingState>Cargando...</LoadingState> : null}
        {issued.data?.length === 0 ? <p className="text-sm text-slate-600">Aún no has emitido facturas globales.</p> : null}
        {issued.data?.length ? (
          <ul className="space-y-2" data-testid="globales-emitidas">
            {issued.data.map((global) => (
              <IssuedGlobal key={global.id} global={global} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function IssuedGlobal({ global }: { global: FacturaGlobal }) {
  const resume = useResumeGlobal();
  const refresh = useRefreshGlobal();
  const { timeZone } = useClock();
  const [cancelling, setCancelling] = useState(false);
  const periodicidad = PERIODICIDADES_GLOBAL.find((item) => item.clave === global.periodo.periodicidad)?.nombre ?? global.periodo.periodicidad;
  return (
    <li className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm" data-testid="global-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">
          {global.numero} · {periodicidad} · {diaMx(global.periodo.desde)}
          {global.periodo.hasta !== global.periodo.desde ? ` al ${diaMx(global.periodo.hasta)}` : ''}
        </span>
        <Badge variant={global.estado === 'vigente' ? 'success' : global.estado === 'cancelado' ? 'secondary' : 'warning'}>{CFDI_ESTADO_LABEL[global.estado]}</Badge>
      </div>
      <p className="text-slate-700">
        {global.recibos} {global.recibos === 1 ? 'recibo' : 'recibos'} · {formatMXN(global.total)}
      </p>
      {global.uuid ? <p className="font-mono text-[13px] break-all text-slate-900">{global.uuid}</p> : null}
      {global.estado === 'pendiente' ? (
        <Alert variant="warning">
          <span className="block">El PAC no confirmó el timbrado. Vuelve a intentarlo: Bufete reenviará el mismo CFDI y no se timbrará dos veces.</span>
          <Button
            size="sm"
            variant="outline"
            className="mt-2"
            disabled={resume.isPending}
            onClick={() =>
              resume.mutate(global.id, {
                onSuccess: (next) => toast.success(`Factura global ${next.numero} timbrada. Folio fiscal ${next.uuid}`),
                onError: (failure) => toast.error(serverMessage(failure, 'No se pudo timbrar la factura global. Inténtalo de nuevo.')),
              })
            }
          >
            <RefreshCw aria-hidden /> {resume.isPending ? 'Timbrando...' : 'Reintentar timbrado'}
          </Button>
        </Alert>
      ) : (
        <>
          {global.cancelacion ? (
            <p className="text-slate-700">
              Cancelación solicitada el {formatShortDateTime(global.cancelacion.solicitada, timeZone)}: {global.cancelacion.motivo} · {motivoNombre(global.cancelacion.motivo)}.
              {global.estado === 'cancelado' ? ' Sus recibos quedaron libres: pueden timbrarse por separado o ir en otra factura global.' : null}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <a href={fileUrl(globalesApi.pdf, { id: global.id })} target="_blank" rel="noopener">
                <Download aria-hidden /> PDF
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={fileUrl(globalesApi.xml, { id: global.id })} download>
                <FileCode aria-hidden /> XML
              </a>
            </Button>
            {global.estado === 'vigente' && !cancelling ? (
              <Button size="sm" variant="outline" onClick={() => setCancelling(true)}>
                <Ban aria-hidden /> Cancelar
              </Button>
            ) : null}
            {global.estado === 'cancelacion_en_proceso' ? (
              <Button
                size="sm"
                variant="outline"
                disabled={refresh.isPending}
                onClick={() =>
                  refresh.mutate(global.id, {
                    onSuccess: (next) => toast.success(`${next.numero}: ${CFDI_ESTADO_LABEL[next.estado]}`),
                    onError: (failure) => toast.error(serverMessage(failure, 'El SAT no respondió. Inténtalo de nuevo más tarde.')),
                  })
                }
              >
                <RefreshCw aria-hidden /> {refresh.isPending ? 'Consultando...' : 'Consultar estado en el SAT'}
              </Button>
            ) : null}
          </div>
          {cancelling && global.estado === 'vigente' ? <CancelGlobalForm global={global} onDone={() => setCancelling(false)} /> : null}
        </>
      )}
    </li>
  );
}

/** 'Cancelar factura global': the SAT's motivo (04, 02 or 03), asked through the PAC. */
function CancelGlobalForm({ global, onDone }: { global: FacturaGlobal; onDone: () => void }) {
  const cancel = useCancelGlobal();
  const [motivo, setMotivo] = useState<(typeof MOTIVOS_CANCELACION_GLOBAL)[number]>('04');
  const [error, setError] = useState<string | null>(null);
  // mutateAsync, not mutate's callbacks: the list refetched on settle shows the global cancelled and unmounts this form first.
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const next = await cancel.mutateAsync({ id: global.id, motivo });
      toast.success(
        next.estado === 'cancelado' ? `El SAT canceló la factura global ${next.numero}.` : `Cancelación de ${next.numero} solicitada al SAT: consulta su estado después.`,
      );
      onDone();
    } catch (failure) {
      setError(serverMessage(failure, 'No se pudo cancelar la factura global. Inténtalo de nuevo.'));
    }
  };
  const id = `global-motivo-${global.id}`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-border bg-white p-3" aria-label={`Cancelar ${global.numero}`}>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id={id} label="Motivo (catálogo del SAT) *" hint={MOTIVO_GLOBAL_AYUDA[motivo]}>
        <Select id={id} value={motivo} onChange={(event) => setMotivo(event.target.value as typeof motivo)}>
          {MOTIVOS_CANCELACION_GLOBAL.map((clave) => (
            <option key={clave} value={clave}>
              {clave} · {motivoNombre(clave)}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Volver
        </Button>
        <Button type="submit" size="sm" variant="destructive" disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelando...' : `Cancelar ${global.numero}`}
        </Button>
      </div>
    </form>
  );
}

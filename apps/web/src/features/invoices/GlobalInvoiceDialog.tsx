import { type FacturaGlobal } from '@bufete/shared/cfdi';
import { diaLargo, diaMx } from '@bufete/shared/dates';
import { formatMXN } from '@bufete/shared/dinero';
import { CFDI_ESTADO_LABEL, MESES_GLOBAL, PERIODICIDADES_GLOBAL, type PeriodicidadGlobal } from '@bufete/shared/values/cfdi';
import { formaPagoNombre } from '@bufete/shared/values/fiscal';
import { globalesApi } from '@bufete/shared/api/cfdi';
import { Download, FileCode, RefreshCw, Stamp } from 'lucide-react';
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
import { useClock } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useGlobalInvoices, useGlobalPreview, useIssueGlobal, useResumeGlobal } from './api';

/** The last day of the month before `today`: a monthly global is issued once its month has closed. */
function lastDayOfPreviousMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month - 1, 0));
  return last.toISOString().slice(0, 10);
}

const mesesNombre = (clave: string) => MESES_GLOBAL.find((item) => item.clave === clave)?.nombre ?? clave;

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
        </div>
      )}
    </li>
  );
}

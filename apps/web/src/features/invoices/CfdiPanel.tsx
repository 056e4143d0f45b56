import { Link } from 'react-router';
import { type CfdiComprobante, type Sustitucion } from '@bufete/shared/cfdi';
import { diaMx } from '@bufete/shared/dates';
import { formatMXN } from '@bufete/shared/dinero';
import { type Factura, type FacturaDetalle, NOTA_CREDITO_MOTIVO_LABEL, type NotaCreditoMotivo } from '@bufete/shared/facturas';
import { MSG } from '@bufete/shared/messages';
import { CFDI_ESTADO_LABEL, type CfdiEstado, MOTIVOS_CANCELACION_CFDI } from '@bufete/shared/values/cfdi';
import { facturasCfdiApi } from '@bufete/shared/api/cfdi';
import { facturasApi } from '@bufete/shared/api/facturas';
import { FORMAS_PAGO, type FormaPago } from '@bufete/shared/values/fiscal';
import { Ban, CheckCircle2, Circle, Download, FileCode, ReceiptText, RefreshCw, Replace, Settings, Stamp } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { downloadFile, fileUrl, serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { Select } from '@/components/ui/select';
import { useRefreshCfdi, useResumeSubstitution, useStampCreditNote, useStampInvoice, useStampPayment } from './api';
import { CreditNoteDialog } from './CreditNoteDialog';
import { CancelCfdiDialog } from './CancelCfdiDialog';

const ESTADO_VARIANT: Record<CfdiEstado, BadgeVariant> = { pendiente: 'warning', vigente: 'success', cancelacion_en_proceso: 'warning', cancelado: 'secondary' };
const failed = (fallback: string) => (error: unknown) => toast.error(serverMessage(error, fallback));

/** The clock a CFDI's dates are written in (the PAC's, central Mexico). */
const SAT_ZONE = 'America/Mexico_City';

/**
 * 'Factura electrónica (CFDI 4.0)' in an invoice's detail: stamp it through
 * the PAC (or, without one, download the sealed XML to check it), its CFDI
 * and payment complements with their folio fiscal, state and the SAT's
 * status, each downloadable, queryable and cancellable.
 */
export function CfdiPanel({ data, timeZone, onSubstitute }: { data: FacturaDetalle; timeZone: string; onSubstitute?: (factura: Factura) => void }) {
  const { factura, cfdis, pagos, pac_configurado: pac } = data;
  const stamp = useStampInvoice();
  const [sealing, setSealing] = useState(false);
  const ingreso = cfdis.find((cfdi) => cfdi.tipo === 'I' && cfdi.estado !== 'cancelado') ?? null;
  // The invoice's own CFDI first, then its payments' complements (each group newest first).
  const stamped = cfdis.filter((cfdi) => cfdi.uuid).sort((a, b) => (a.tipo === b.tipo ? 0 : a.tipo === 'I' ? -1 : 1));
  const open = factura.estado !== 'cancelada';
  // A stamped PPD invoice's payments each owe their complement.
  const ppd = ingreso?.estado === 'vigente' && ingreso.metodo_pago === 'PPD';
  const withComplement = new Set(cfdis.filter((cfdi) => cfdi.tipo === 'P' && cfdi.estado !== 'pendiente' && cfdi.estado !== 'cancelado').map((cfdi) => cfdi.pago_id));
  const owed = ppd ? pagos.filter((pago) => !withComplement.has(pago.id)) : [];
  // A receipt in a live factura global has its CFDI there.
  const inGlobal = !!data.factura_global && data.factura_global.estado !== 'cancelado';
  // A substitute still to stamp is stamped by 'Continuar sustitución' in its steps: one button, the whole flow.
  const substituteToStamp = data.sustitucion?.sustituto.id === factura.id && data.sustitucion.paso === 'timbrar_sustituto';

  const onStamp = () =>
    stamp.mutate(factura.id, {
      onSuccess: (cfdi) => toast.success(`CFDI timbrado. Folio fiscal ${cfdi.uuid}`),
      onError: failed('No se pudo timbrar el CFDI. Inténtalo de nuevo.'),
    });

  if ((!open || inGlobal) && stamped.length === 0) return null;
  return (
    <section aria-labelledby="cfdi-titulo" className="space-y-3 rounded-lg border border-border p-4" data-testid="cfdi-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="cfdi-titulo" className="text-sm font-semibold text-slate-900">
          Factura electrónica (CFDI 4.0)
        </h3>
        {open && pac && !ingreso && !inGlobal && !substituteToStamp ? (
          <Button onClick={onStamp} disabled={stamp.isPending}>
            <Stamp aria-hidden /> {stamp.isPending ? 'Timbrando...' : 'Timbrar CFDI'}
          </Button>
        ) : null}
      </div>
      {data.sustitucion ? <SubstitutionSteps facturaId={factura.id} sustitucion={data.sustitucion} /> : null}
      {open && !pac && !ingreso && !inGlobal ? (
        <div className="space-y-2">
          <Alert variant="info">{MSG.cfdi.sinPac}</Alert>
          <Button variant="outline" asChild>
            <Link to="/configuracion">
              <Settings aria-hidden /> Configurar mi PAC
            </Link>
          </Button>
          <Button
            variant="outline"
            disabled={sealing}
            onClick={() => {
              setSealing(true);
              downloadFile(facturasCfdiApi.sealedXml, { id: factura.id })
                .catch(failed('No se pudo generar el XML. Inténtalo de nuevo.'))
                .finally(() => setSealing(false));
            }}
          >
            <FileCode aria-hidden /> XML sellado (sin timbrar)
          </Button>
        </div>
      ) : null}
      {ingreso?.estado === 'pendiente' ? (
        <Alert variant="warning">
          <span className="block">El PAC no confirmó el timbrado. Vuelve a intentarlo: Bufete reenviará el mismo CFDI y no se timbrará dos veces.</span>
          <Button size="sm" variant="outline" className="mt-2" onClick={onStamp} disabled={stamp.isPending}>
            <RefreshCw aria-hidden /> {stamp.isPending ? 'Timbrando...' : 'Reintentar timbrado'}
          </Button>
        </Alert>
      ) : null}
      {cfdis
        .filter((cfdi) => cfdi.tipo === 'E' && cfdi.estado === 'pendiente')
        .map((cfdi) => (
          <PendingCreditNote key={cfdi.id} facturaId={factura.id} cfdi={cfdi} />
        ))}
      {open && !ingreso && stamped.length === 0 && pac && !inGlobal ? (
        <p className="text-sm text-slate-600">Aún sin timbrar. Revisa los datos fiscales del cliente antes de timbrar: un CFDI timbrado ya no se edita.</p>
      ) : null}
      {stamped.length ? (
        <ul className="space-y-3" aria-label="CFDI de esta factura">
          {stamped.map((cfdi) => (
            <CfdiItem
              key={cfdi.id}
              cfdi={cfdi}
              factura={factura}
              onSubstitute={onSubstitute}
              substitutable={
                !!onSubstitute &&
                cfdi.tipo === 'I' &&
                cfdi.estado === 'vigente' &&
                open &&
                // Once: an invoice being replaced is not replaced again (a substitute whose flow ended may be).
                (!data.sustitucion || (data.sustitucion.sustituto.id === factura.id && data.sustitucion.paso === 'terminada')) &&
                !cfdis.some((item) => (item.tipo === 'P' || item.tipo === 'E') && item.estado !== 'cancelado')
              }
              pago={pagos.find((pago) => pago.id === cfdi.pago_id) ?? null}
              timeZone={timeZone}
            />
          ))}
        </ul>
      ) : null}
      {owed.length ? (
        <div className="space-y-2" data-testid="complementos-pendientes">
          <p className="text-sm text-slate-700">Pagos sin complemento de pago timbrado:</p>
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">
            {owed.map((pago) => (
              <OwedComplement key={pago.id} facturaId={factura.id} pago={pago} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** A credit note the PAC did not confirm: sent again with the same XML and id, never stamped twice. */
function PendingCreditNote({ facturaId, cfdi }: { facturaId: string; cfdi: CfdiComprobante }) {
  const retry = useStampCreditNote();
  return (
    <Alert variant="warning">
      <span className="block">
        El PAC no confirmó {cfdi.nota_credito?.motivo === 'anticipo' ? 'la aplicación del anticipo' : 'la nota de crédito'} por {formatMXN(cfdi.total)}. Vuelve a intentarlo: Bufete
        reenviará la misma y no se timbrará dos veces.
      </span>
      <Button
        size="sm"
        variant="outline"
        className="mt-2"
        disabled={retry.isPending}
        onClick={() =>
          retry.mutate(
            { id: facturaId, nota: cfdi.nota_credito!.id },
            {
              onSuccess: (next) => toast.success(`Nota de crédito timbrada. Folio fiscal ${next.uuid}`),
              onError: failed('No se pudo timbrar la nota de crédito. Inténtalo de nuevo.'),
            },
          )
        }
      >
        <RefreshCw aria-hidden /> {retry.isPending ? 'Timbrando...' : 'Reintentar timbrado'}
      </Button>
    </Alert>
  );
}

const PASO_DONE: Record<Sustitucion['paso'], number> = { timbrar_sustituto: 1, cancelar_original: 2, esperando_receptor: 2, terminada: 3 };

/**
 * A sustitución's three steps, on both invoices: the new invoice (made), its
 * CFDI stamped related 04, the original cancelled with motivo 01. Stopped
 * halfway it says what is missing and finishes from here.
 */
function SubstitutionSteps({ facturaId, sustitucion }: { facturaId: string; sustitucion: Sustitucion }) {
  const resume = useResumeSubstitution();
  const { original, sustituto, paso } = sustitucion;
  const done = PASO_DONE[paso];
  const isOriginal = facturaId === original.id;
  // Each step said as done once it is, as what is left before.
  const relacion = `relacionado (04) con el de ${original.numero_factura}${original.uuid ? ` (${original.uuid})` : ''}`;
  const steps = [
    `Factura ${sustituto.numero_factura} creada con los datos corregidos; los pagos y el tiempo de ${original.numero_factura} pasan a ella.`,
    done > 1 ? `CFDI de ${sustituto.numero_factura} timbrado, ${relacion}.` : `Timbrar el CFDI de ${sustituto.numero_factura}, ${relacion}.`,
    paso === 'esperando_receptor'
      ? `Cancelación del CFDI de ${original.numero_factura} con motivo 01 solicitada: el receptor tiene 72 horas para aceptarla o rechazarla.`
      : done > 2
        ? `CFDI de ${original.numero_factura} cancelado ante el SAT con motivo 01, sustituido por ${sustituto.uuid ?? sustituto.numero_factura}.`
        : `Cancelar el CFDI de ${original.numero_factura} ante el SAT con motivo 01${sustituto.uuid ? `, sustituido por ${sustituto.uuid}` : ''}.`,
  ];
  const next =
    paso === 'timbrar_sustituto'
      ? `Falta timbrar ${sustituto.numero_factura}. Si el PAC lo rechazó, corrige lo que indica (los datos fiscales del cliente, o la factura ${sustituto.numero_factura}) y continúa.`
      : paso === 'cancelar_original'
        ? `Falta cancelar el CFDI de ${original.numero_factura}: sigue vigente ante el SAT.`
        : null;
  return (
    <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm" data-testid="sustitucion">
      <p className="font-medium text-slate-900">
        {isOriginal ? `Sustituida por ${sustituto.numero_factura}` : `Sustituye a ${original.numero_factura}`}
        {paso === 'terminada' ? ' · sustitución terminada' : ''}
      </p>
      <ol className="space-y-1">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-2">
            {index < done ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            ) : (
              <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
            )}
            <span className={index < done ? 'text-slate-800' : 'text-slate-600'}>
              <span className="sr-only">{index < done ? 'Hecho: ' : 'Pendiente: '}</span>
              {step}
            </span>
          </li>
        ))}
      </ol>
      {next ? (
        <div className="space-y-2">
          <p className="text-slate-700">{next}</p>
          <Button
            size="sm"
            disabled={resume.isPending}
            onClick={() =>
              resume.mutate(facturaId, {
                onSuccess: (state) => toast.success(state.paso === 'terminada' ? 'Sustitución terminada.' : 'Cancelación solicitada: espera la respuesta del receptor.'),
                onError: failed('No se pudo continuar la sustitución. Inténtalo de nuevo.'),
              })
            }
          >
            <RefreshCw aria-hidden /> {resume.isPending ? 'Continuando...' : 'Continuar sustitución'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A payment whose complement is not stamped: 'Timbrar complemento'. A payment
 * recorded as 'No registrada' first asks how it was paid: the SAT takes no
 * 'Por definir' in a complement, and Bufete never guesses it.
 */
function OwedComplement({ facturaId, pago }: { facturaId: string; pago: FacturaDetalle['pagos'][number] }) {
  const stampPago = useStampPayment();
  const needsForma = pago.forma_pago === '99';
  const [forma, setForma] = useState<FormaPago | ''>('');
  const [error, setError] = useState<string | null>(null);
  const selectId = `forma-complemento-${pago.id}`;
  const onStamp = () => {
    if (needsForma && !forma) return setError(MSG.cfdi.formaPagoDelComplemento);
    setError(null);
    stampPago.mutate(
      { id: facturaId, pago: pago.id, ...(forma ? { forma_pago: forma } : {}) },
      {
        onSuccess: (cfdi) => toast.success(`Complemento de pago timbrado. Folio fiscal ${cfdi.uuid}`),
        onError: failed('No se pudo timbrar el complemento. Inténtalo de nuevo.'),
      },
    );
  };
  return (
    <li className="space-y-2 px-3 py-2" data-testid="complemento-pendiente">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {diaMx(pago.fecha)} · {formatMXN(pago.monto)}
          {needsForma ? <span className="text-slate-500"> · forma de pago no registrada</span> : null}
        </span>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          {needsForma ? (
            <div className="w-full sm:w-60">
              <Select id={selectId} aria-label="Cómo se pagó" value={forma} aria-invalid={!!error} onChange={(event) => setForma(event.target.value as FormaPago)}>
                <option value="">Cómo se pagó…</option>
                {FORMAS_PAGO.map((item) => (
                  <option key={item.clave} value={item.clave}>
                    {item.nombre}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <Button size="sm" variant="outline" disabled={stampPago.isPending} onClick={onStamp}>
            <Stamp aria-hidden /> Timbrar complemento
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function CfdiItem({
  cfdi,
  factura,
  substitutable,
  onSubstitute,
  pago,
  timeZone,
}: {
  cfdi: CfdiComprobante;
  factura: Factura;
  substitutable: boolean;
  onSubstitute?: (factura: Factura) => void;
  pago: FacturaDetalle['pagos'][number] | null;
  timeZone: string;
}) {
  const facturaId = factura.id;
  const refresh = useRefreshCfdi();
  const [cancelling, setCancelling] = useState(false);

  const [downloading, setDownloading] = useState(false);
  const motivo = cfdi.cancelacion ? MOTIVOS_CANCELACION_CFDI.find((item) => item.clave === cfdi.cancelacion!.motivo) : null;
  const title =
    cfdi.tipo === 'I'
      ? `CFDI de ingreso ${[cfdi.serie, cfdi.folio].filter(Boolean).join('-')}`
      : cfdi.tipo === 'E' && cfdi.nota_credito?.motivo === 'anticipo'
        ? `Aplicación de anticipo ${[cfdi.serie, cfdi.folio].filter(Boolean).join('-')} por ${formatMXN(cfdi.total)} (CFDI de egreso)`
        : cfdi.tipo === 'E'
          ? `Nota de crédito ${[cfdi.serie, cfdi.folio].filter(Boolean).join('-')} · ${NOTA_CREDITO_MOTIVO_LABEL[cfdi.nota_credito?.motivo as NotaCreditoMotivo] ?? ''} por ${formatMXN(cfdi.total)}`
          : `Complemento de pago${pago ? ` del ${diaMx(pago.fecha)} por ${formatMXN(pago.monto)}` : ''}`;
  const [crediting, setCrediting] = useState(false);
  return (
    <li className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm" data-testid="cfdi-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{title}</span>
        <Badge variant={ESTADO_VARIANT[cfdi.estado]}>{CFDI_ESTADO_LABEL[cfdi.estado]}</Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-slate-500">Folio fiscal (UUID)</dt>
          <dd className="font-mono text-[13px] break-all text-slate-900" data-testid="cfdi-uuid">
            {cfdi.uuid}
          </dd>
        </div>
        {cfdi.fecha_timbrado ? (
          <div>
            <dt className="text-slate-500">Timbrado</dt>
            <dd className="text-slate-900">
              {/* The XML states the SAT's clock (central Mexico): a lawyer on another clock sees both, each named. */}
              {timeZone === SAT_ZONE ? (
                formatShortDateTime(cfdi.fecha_timbrado, timeZone)
              ) : (
                <>
                  {formatShortDateTime(cfdi.fecha_timbrado, timeZone)} (tu hora)
                  <span className="block text-slate-500">{formatShortDateTime(cfdi.fecha_timbrado, SAT_ZONE)} en el XML (hora del centro de México)</span>
                </>
              )}
            </dd>
          </div>
        ) : null}
        {cfdi.estatus_sat ? (
          <div>
            <dt className="text-slate-500">Según el SAT</dt>
            <dd className="text-slate-900">
              {cfdi.estatus_sat}
              {cfdi.consultado_at ? <span className="text-slate-500"> · {formatShortDateTime(cfdi.consultado_at, timeZone)}</span> : null}
            </dd>
          </div>
        ) : null}
        {motivo ? (
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Cancelación solicitada</dt>
            <dd className="text-slate-900">
              {motivo.clave} · {motivo.nombre}
              {cfdi.cancelacion?.folio_sustitucion ? ` · Lo sustituye ${cfdi.cancelacion.folio_sustitucion}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={downloading}
          onClick={() => {
            setDownloading(true);
            downloadFile(facturasCfdiApi.xml, { id: facturaId, cfdi: cfdi.id })
              .catch(failed('No se pudo descargar el XML. Inténtalo de nuevo.'))
              .finally(() => setDownloading(false));
          }}
        >
          <FileCode aria-hidden /> Descargar XML
        </Button>
        {cfdi.tipo === 'E' && cfdi.nota_credito ? (
          <Button size="sm" variant="outline" asChild>
            <a href={fileUrl(facturasApi.creditNotePdf, { id: facturaId, nota: cfdi.nota_credito.id })} target="_blank" rel="noopener">
              <Download aria-hidden /> PDF
            </a>
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          disabled={refresh.isPending}
          onClick={() =>
            refresh.mutate(
              { id: facturaId, cfdi: cfdi.id },
              { onSuccess: (next) => toast.success(`Según el SAT: ${next.estatus_sat ?? CFDI_ESTADO_LABEL[next.estado]}`), onError: failed(MSG.cfdi.satSinRespuesta) },
            )
          }
        >
          <RefreshCw aria-hidden /> {refresh.isPending ? 'Consultando...' : 'Consultar en el SAT'}
        </Button>
        {cfdi.tipo === 'I' && cfdi.estado === 'vigente' && factura.estado !== 'cancelada' ? (
          <Button size="sm" variant="outline" onClick={() => setCrediting(true)}>
            <ReceiptText aria-hidden /> Nota de crédito
          </Button>
        ) : null}
        {substitutable ? (
          <Button size="sm" variant="outline" onClick={() => onSubstitute?.(factura)}>
            <Replace aria-hidden /> Sustituir CFDI
          </Button>
        ) : null}
        {cfdi.estado === 'vigente' ? (
          <Button size="sm" variant="outline" className="text-red-700" onClick={() => setCancelling(true)}>
            <Ban aria-hidden /> Cancelar CFDI
          </Button>
        ) : null}
      </div>
      <CancelCfdiDialog facturaId={facturaId} cfdi={cancelling ? cfdi : null} onOpenChange={setCancelling} />
      <CreditNoteDialog factura={crediting ? factura : null} onOpenChange={setCrediting} />
    </li>
  );
}

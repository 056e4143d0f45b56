import { diaMx } from '@bufete/shared/dates';
import { centavosOf, formatMXN } from '@bufete/shared/dinero';
import { portalApi } from '@bufete/shared/api/portal';
import { FACTURA_ESTADO_BADGE } from '@bufete/shared/values/facturas';
import { ChevronRight, CreditCard, Download, FolderOpen, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/list-states';
import { fileUrl, serverMessage, statusOf } from '@/lib/api';
import { Spinner } from '@/components/ui/spinner';
import { usePayInvoice, usePortalCases, usePortalInvoices, usePortalSession } from './api';
import { hearingLine } from './hearing';
import { VoucherWaiting } from './PaymentState';
import { PortalShell } from './PortalShell';
import { PasswordCard, PasswordSignInForm } from './PasswordForms';
import { RequestLinkForm } from './RequestLinkForm';

/** /portal: signed in, the client's matters and invoices; otherwise, how to get in. */
export default function PortalPage() {
  const session = usePortalSession();
  if (session.isPending)
    return (
      <PortalShell>
        <LoadingState>Cargando...</LoadingState>
      </PortalShell>
    );
  if (!session.data) {
    return (
      <PortalShell>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold text-slate-900">Entrar al portal</h1>
            <CardDescription>
              Aquí sigues tu asunto con tu abogado: cómo va, los documentos que te comparte y tus facturas. Entras con un enlace que te enviamos al correo.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {session.isError && statusOf(session.error) !== 401 ? <Alert variant="error">No se pudo abrir el portal. Revisa tu conexión e inténtalo de nuevo.</Alert> : null}
            <RequestLinkForm />
            <div className="mt-6 border-t border-border pt-5">
              <h2 className="mb-3 text-sm font-semibold text-slate-900">¿Ya tienes contraseña?</h2>
              <PasswordSignInForm />
            </div>
          </CardContent>
        </Card>
      </PortalShell>
    );
  }
  const { cliente, abogado } = session.data;
  return (
    <PortalShell abogado={abogado.nombre}>
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Hola, {cliente.nombre}</h1>
        <p className="text-sm text-slate-600">
          Tu {abogado.tratamiento ?? 'abogado'}: {abogado.nombre}
          {abogado.especialidad ? ` · ${abogado.especialidad}` : ''}
        </p>
      </div>
      <Cases />
      <Invoices />
      <PasswordCard email={cliente.email} hasPassword={cliente.con_contrasena} />
    </PortalShell>
  );
}

function Cases() {
  const cases = usePortalCases(true);
  return (
    <section aria-labelledby="portal-asuntos" className="space-y-3">
      <h2 id="portal-asuntos" className="text-lg font-semibold text-slate-900">
        Tus asuntos
      </h2>
      {cases.isPending ? <LoadingState>Cargando...</LoadingState> : null}
      {cases.data?.length === 0 ? <p className="text-sm text-slate-600">Tu abogado aún no tiene asuntos registrados a tu nombre.</p> : null}
      <ul className="space-y-2">
        {cases.data?.map((caso) => (
          <li key={caso.id}>
            <Link to={`/portal/casos/${caso.id}`} className="flex items-center gap-3 rounded-xl border border-border bg-white p-4 hover:bg-slate-50" data-testid="portal-caso">
              <FolderOpen className="size-5 shrink-0 text-brand" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words text-slate-900">{caso.titulo}</span>
                <span className="block text-sm text-slate-600">{[caso.estado, caso.expediente ? `Exp. ${caso.expediente}` : null, caso.juzgado].filter(Boolean).join(' · ')}</span>
                {caso.proxima_audiencia ? <span className="block text-sm font-medium text-slate-800">{hearingLine(caso.proxima_audiencia)}</span> : null}
              </span>
              <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Invoices() {
  const invoices = usePortalInvoices(true);
  return (
    <section aria-labelledby="portal-facturas" id="facturas" className="scroll-mt-4 space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="portal-facturas" className="text-lg font-semibold text-slate-900">
          Tus facturas
        </h2>
        {invoices.data ? <p className="text-sm font-medium text-slate-800">Saldo por pagar: {formatMXN(invoices.data.saldo)}</p> : null}
      </div>
      {invoices.isPending ? <LoadingState>Cargando...</LoadingState> : null}
      {invoices.data?.items.length === 0 ? <p className="text-sm text-slate-600">No tienes facturas.</p> : null}
      <ul className="space-y-2">
        {invoices.data?.items.map((factura) => (
          <li key={factura.id} className="space-y-2 rounded-xl border border-border bg-white p-4" data-testid="portal-factura">
            <div className="flex flex-wrap items-center gap-2">
              <Receipt className="size-5 text-brand" aria-hidden />
              <span className="font-medium text-slate-900">{factura.numero_factura}</span>
              <Badge variant={factura.estado === 'pagada' ? 'success' : 'warning'}>{FACTURA_ESTADO_BADGE[factura.estado]}</Badge>
            </div>
            <p className="text-sm break-words text-slate-700">{factura.concepto}</p>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-slate-500">Total</dt>
                <dd className="font-medium tabular-nums">{formatMXN(factura.monto_total)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Pagado</dt>
                <dd className="tabular-nums">{formatMXN(factura.monto_pagado)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Saldo</dt>
                <dd className="font-medium tabular-nums">{formatMXN(factura.saldo)}</dd>
              </div>
            </dl>
            <p className="text-sm text-slate-600">
              Emitida el {diaMx(factura.fecha_emision)}
              {factura.fecha_vencimiento ? ` · vence el ${diaMx(factura.fecha_vencimiento)}` : ''}
              {factura.cfdi?.uuid ? ' · CFDI' : ''}
            </p>
            {factura.ficha ? <VoucherWaiting ficha={factura.ficha} /> : null}
            <div className="flex flex-wrap gap-2">
              {invoices.data?.pago_en_linea && !factura.ficha && (centavosOf(factura.saldo) ?? 0) > 0 ? <PayButton facturaId={factura.id} saldo={factura.saldo} /> : null}
              <Button asChild size="sm" variant="outline">
                <a href={fileUrl(portalApi.invoicePdf, { id: factura.id })} target="_blank" rel="noopener">
                  <Download aria-hidden /> {factura.cfdi?.uuid ? 'Factura PDF' : 'Recibo PDF'}
                </a>
              </Button>
              {factura.cfdi?.uuid ? (
                <Button asChild size="sm" variant="outline">
                  <a href={fileUrl(portalApi.invoiceXml, { id: factura.id })} download>
                    <Download aria-hidden /> XML del CFDI
                  </a>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Pagar': the provider's page (card or OXXO) for what is owed; the browser goes there and comes back to /portal/pagos/:id. */
function PayButton({ facturaId, saldo }: { facturaId: string; saldo: string }) {
  const pay = usePayInvoice();
  const [error, setError] = useState<string | null>(null);
  // Kept while the browser leaves for the provider's page: the button stays busy until it does.
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <Button
        size="sm"
        disabled={pay.isPending || leaving}
        onClick={() => {
          setError(null);
          pay.mutate(facturaId, {
            onSuccess: (url) => {
              setLeaving(true);
              window.location.assign(url);
            },
            onError: (failure) => setError(serverMessage(failure, 'No se pudo abrir el pago. Inténtalo de nuevo.')),
          });
        }}
      >
        {pay.isPending || leaving ? <Spinner /> : <CreditCard aria-hidden />} Pagar {formatMXN(saldo)}
      </Button>
      {error ? (
        <Alert variant="error" className="basis-full">
          {error}
        </Alert>
      ) : null}
    </>
  );
}

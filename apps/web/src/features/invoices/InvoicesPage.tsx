import { formatMXN } from '@bufete/shared/dinero';
import { type Factura } from '@bufete/shared/facturas';
import { MSG } from '@bufete/shared/messages';
import { FACTURA_ESTADO_LABEL, FACTURA_ESTADOS_REGISTRO, type FacturaEstadoRegistro } from '@bufete/shared/values/facturas';
import { facturasApi } from '@bufete/shared/api/facturas';
import { CircleDollarSign, Download, FileDown, FileText, Hourglass, Mail, MoreHorizontal, Pencil, Plus, Receipt, Users, Wallet } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { EmptyState, LoadingState, LoadMore, SearchInput } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { DeferredMenu, type DeferredMenuProps } from '@/components/ui/deferred-menu';
import { lazyWithPreload } from '@/lib/lazy';
import { fileUrl, serverMessage } from '@/lib/api';
import { formatShortDay } from '@/lib/format';
import { useDebounced, useMediaQuery } from '@/lib/hooks';
import { useClock } from '@/lib/session';
import { type InvoiceFilters, queryOf, useEmailInvoice, useInvoiceClients, useInvoiceList } from './api';
import { InvoiceBadges } from './badges';
import type { InvoiceRowMenuProps } from './InvoiceRowMenu';
import { useInvoiceDialogs } from './useInvoiceDialogs';
import { GlobalInvoiceDialog } from './dialogs';
import { PAGE_HEADINGS } from '@/lib/page-headings';

const InvoiceRowMenu = lazyWithPreload<InvoiceRowMenuProps & DeferredMenuProps>(() => import('./InvoiceRowMenu'));

/** 'Subtotal $15,000.00 + IVA − retenciones': says only what this invoice applied. */
function taxLineOf(impuestos: NonNullable<Factura['impuestos']>): string {
  const applied = (amount: string) => Number(amount) > 0;
  return [
    `Subtotal ${formatMXN(impuestos.subtotal)}`,
    applied(impuestos.iva) ? ' + IVA' : '',
    applied(impuestos.isr_retenido) || applied(impuestos.iva_retenido) ? ' − retenciones' : '',
  ].join('');
}

type Actions = ReturnType<typeof useInvoiceDialogs>['actions'];

/** The invoice's number, which opens its detail. */
function InvoiceNumber({ factura, onView }: { factura: Factura; onView: (id: string) => void }) {
  return (
    <button type="button" className="min-h-11 text-left text-primary hover:underline sm:min-h-0" onClick={() => onView(factura.id)} aria-label={`Ver ${factura.numero_factura}`}>
      {factura.numero_factura}
    </button>
  );
}

/** What was billed, struck through once cancelled, and how its taxes went. */
function Concept({ factura }: { factura: Factura }) {
  return (
    <>
      <span className={`line-clamp-2 ${factura.estado === 'cancelada' ? 'line-through' : ''}`} title={factura.concepto}>
        {factura.concepto}
      </span>
      {factura.impuestos ? <span className="mt-0.5 block text-xs text-slate-500">{taxLineOf(factura.impuestos)}</span> : null}
    </>
  );
}

function LastPayment({ factura }: { factura: Factura }) {
  return factura.ultimo_pago && factura.estado !== 'pendiente' ? <span className="block text-xs text-slate-500">el {formatShortDay(factura.ultimo_pago.fecha)}</span> : null;
}

/** Status, receipt, email and the rest: the same on the table's row and the phone's card. */
function InvoiceActions({ factura, actions }: { factura: Factura; actions: Actions }) {
  const email = useEmailInvoice();
  return (
    <div className="flex gap-1">
      {factura.estado !== 'cancelada' ? (
        <Button variant="ghost" size="icon" className="sm:size-9" onClick={() => actions.onStatus(factura)} aria-label={`Editar estado de ${factura.numero_factura}`}>
          <Pencil aria-hidden />
        </Button>
      ) : null}
      <Button asChild variant="ghost" size="icon" className="sm:size-9">
        <a href={fileUrl(facturasApi.pdf, { id: factura.id })} target="_blank" rel="noopener" aria-label={`Recibo PDF de ${factura.numero_factura}`}>
          <Download aria-hidden />
        </a>
      </Button>
      {factura.estado !== 'cancelada' ? (
        <Button
          variant="ghost"
          size="icon"
          className="sm:size-9"
          disabled={!factura.cliente?.email || email.isPending}
          title={factura.cliente?.email ? undefined : MSG.invoices.sinEmailCliente}
          onClick={() =>
            email.mutate(factura.id, {
              onSuccess: (message) => toast.success(message),
              onError: (error) => toast.error(serverMessage(error, MSG.reminders.errorEnviando)),
            })
          }
          aria-label={`Enviar recibo de ${factura.numero_factura} por email`}
        >
          <Mail aria-hidden />
        </Button>
      ) : null}
      <DeferredMenu
        menu={InvoiceRowMenu}
        menuProps={{ factura, actions }}
        trigger={
          <Button variant="ghost" size="icon" className="sm:size-9" aria-label={`Más acciones de ${factura.numero_factura}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        }
      />
    </div>
  );
}

const EMPTY: InvoiceFilters = { q: '', cliente_id: '', estado: '', desde: '', hasta: '' };

/** /facturacion (spec part 2): the cards, the filters, the table, the CSV and the dialogs. */
export default function InvoicesPage() {
  // A search result opens the list searched for its number (/facturacion?q=FACT-0007).
  const linkedQ = useSearchParams()[0].get('q') ?? '';
  const [search, setSearch] = useState(linkedQ);
  useEffect(() => setSearch(linkedQ), [linkedQ]);
  const [filters, setFilters] = useState<InvoiceFilters>(EMPTY);
  const q = useDebounced(search.trim());
  const active = useMemo(() => ({ ...filters, q }), [filters, q]);
  const list = useInvoiceList(active);
  const clients = useInvoiceClients();
  const { today } = useClock();
  // The table from a tablet up; below it, one card per invoice.
  const tableFits = useMediaQuery('(min-width: 768px)');
  const { actions, dialogs } = useInvoiceDialogs();
  const [globalOpen, setGlobalOpen] = useState(false);

  const first = list.data?.pages[0];
  const resumen = first?.resumen;
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtering = !!(active.q || active.cliente_id || active.estado || active.desde || active.hasta);
  const set = <K extends keyof InvoiceFilters>(key: K, value: InvoiceFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));

  // The heading stays where the page's HTML painted it while the first page of invoices comes.
  if (list.isPending)
    return (
      <div>
        <PageHeader {...PAGE_HEADINGS.facturacion} />
        <LoadingState>{MSG.invoices.cargando}</LoadingState>
      </div>
    );

  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const cards = [
    { label: 'Total Facturado', value: formatMXN(resumen?.total_facturado ?? '0'), icon: Receipt, tone: 'bg-blue-100 text-blue-700' },
    { label: 'Cobrado', value: formatMXN(resumen?.cobrado ?? '0'), icon: CircleDollarSign, tone: 'bg-green-100 text-green-700' },
    { label: 'Pendiente', value: formatMXN(resumen?.pendiente ?? '0'), icon: Hourglass, tone: 'bg-amber-100 text-amber-700', detail: 'Facturas sin ningún pago' },
    {
      label: 'Facturas',
      value: String(resumen?.facturas ?? 0),
      icon: FileText,
      tone: 'bg-violet-100 text-violet-700',
      detail: [
        count(resumen?.pagadas ?? 0, 'pagada', 'pagadas'),
        count(resumen?.pendientes ?? 0, 'pendiente', 'pendientes'),
        resumen?.parciales ? count(resumen.parciales, 'parcial', 'parciales') : null,
        resumen?.vencidas ? count(resumen.vencidas, 'vencida', 'vencidas') : null,
      ]
        .filter(Boolean)
        .join(' · '),
    },
    // What is really owed: every invoice's balance, the partly paid included (the spec's 'Pendiente' counts none of them).
    { label: 'Saldo por cobrar', value: formatMXN(resumen?.saldo ?? '0'), icon: Wallet, tone: 'bg-rose-100 text-rose-700', detail: 'Pendientes y parciales', wide: true },
  ];

  return (
    <div>
      <PageHeader
        {...PAGE_HEADINGS.facturacion}
        actions={
          <>
            <Button asChild variant="outline">
              <a href={fileUrl(facturasApi.exportCsv, {}, queryOf(active))} download data-testid="export-csv">
                <FileDown aria-hidden /> Exportar CSV
              </a>
            </Button>
            <Button variant="outline" onClick={() => setGlobalOpen(true)}>
              <Users aria-hidden /> Factura global
            </Button>
            <Button onClick={actions.onCreate}>
              <Plus aria-hidden /> Nueva Factura
            </Button>
          </>
        }
      />

      <p className="mb-2 text-sm text-slate-600" data-testid="cards-scope">
        {filtering ? 'Resumen de las facturas que coinciden con los filtros (sin las canceladas).' : 'Resumen de todas tus facturas (sin las canceladas).'}
      </p>
      {/* Two to a row on a phone, so the invoices start within the first screens. */}
      <section aria-label="Resumen de facturación" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
        {cards.map(({ label, value, icon, tone, detail, wide }) => (
          <StatCard
            key={label}
            label={label}
            value={value}
            icon={icon}
            tone={tone}
            detail={detail}
            testId={`card-${label}`}
            valueClassName="text-lg break-all tabular-nums sm:text-2xl"
            className={wide ? 'col-span-2 xl:col-span-1' : undefined}
          />
        ))}
      </section>

      <div className="mb-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_12rem_12rem_10rem_10rem]">
        <div className="sm:col-span-2 xl:col-span-1">
          <SearchInput value={search} onChange={setSearch} placeholder="Buscar por número, concepto o cliente..." label="Buscar facturas por número, concepto o cliente" />
        </div>
        <Select value={filters.cliente_id} onChange={(event) => set('cliente_id', event.target.value)} aria-label="Filtrar por cliente">
          <option value="">Todos los clientes</option>
          {clients.data?.map((client) => (
            <option key={client.id} value={client.id}>
              {client.nombre}
            </option>
          ))}
        </Select>
        <Select value={filters.estado} onChange={(event) => set('estado', event.target.value as FacturaEstadoRegistro | '')} aria-label="Filtrar por estado">
          <option value="">Todos los estados</option>
          {FACTURA_ESTADOS_REGISTRO.map((estado) => (
            <option key={estado} value={estado}>
              {FACTURA_ESTADO_LABEL[estado]}
            </option>
          ))}
        </Select>
        <DateInput aria-label="Fecha desde" value={filters.desde} onChange={(day) => set('desde', /^\d{4}-\d{2}-\d{2}$/.test(day) || !day ? day : filters.desde)} />
        <DateInput aria-label="Fecha hasta" value={filters.hasta} onChange={(day) => set('hasta', /^\d{4}-\d{2}-\d{2}$/.test(day) || !day ? day : filters.hasta)} />
      </div>

      {list.isError ? (
        <Alert variant="error" className="mb-4">
          No se pudieron cargar tus facturas. Recarga la página para intentarlo de nuevo.
        </Alert>
      ) : null}

      <Card className="min-w-0">
        <div className="flex items-center justify-between gap-2 border-b border-border px-5 py-4">
          <h2 className="text-lg font-semibold text-slate-900" data-testid="invoices-count">
            Facturas ({(resumen?.facturas ?? 0) + (resumen?.canceladas ?? 0)})
          </h2>
        </div>
        {rows.length === 0 ? (
          <div className="p-5">
            <EmptyState>{filtering ? MSG.invoices.sinResultados : MSG.invoices.vacio}</EmptyState>
          </div>
        ) : tableFits ? (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabla de facturas">
            <table className="w-full min-w-[56rem] text-left text-sm" data-testid="invoices-table">
              <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
                <tr>
                  {['Número', 'Cliente', 'Fecha', 'Concepto', 'Monto Total', 'Pagado', 'Estado', 'Acciones'].map((column) => (
                    <th key={column} scope="col" className={`px-4 py-3 font-semibold ${['Monto Total', 'Pagado'].includes(column) ? 'text-right' : ''}`}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((factura) => (
                  <tr key={factura.id} className={`align-top hover:bg-slate-50 ${factura.estado === 'cancelada' ? 'text-slate-500' : ''}`} data-testid="invoice-row">
                    <td className="px-4 py-3 font-mono text-xs font-semibold whitespace-nowrap text-slate-900">
                      <InvoiceNumber factura={factura} onView={actions.onView} />
                    </td>
                    <td className="max-w-[10rem] px-4 py-3 text-slate-800">
                      <span className="line-clamp-2" title={factura.cliente?.nombre}>
                        {factura.cliente?.nombre ?? 'Sin cliente'}
                      </span>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatShortDay(factura.fecha_emision)}</td>
                    <td className="max-w-[18rem] px-4 py-3 text-slate-700">
                      <Concept factura={factura} />
                    </td>
                    <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatMXN(factura.monto_total)}</td>
                    <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
                      {formatMXN(factura.monto_pagado)}
                      <LastPayment factura={factura} />
                    </td>
                    <td className="px-4 py-3">
                      <InvoiceBadges factura={factura} today={today} />
                    </td>
                    <td className="px-4 py-3">
                      <InvoiceActions factura={factura} actions={actions} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          // A phone gets one card per invoice, never a table to scroll sideways: the same figures and actions.
          <ul className="divide-y divide-border" aria-label="Facturas">
            {rows.map((factura) => (
              <li key={factura.id} className={`space-y-2 px-4 py-4 ${factura.estado === 'cancelada' ? 'text-slate-500' : ''}`} data-testid="invoice-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono text-sm font-semibold">
                    <InvoiceNumber factura={factura} onView={actions.onView} />
                  </span>
                  <InvoiceBadges factura={factura} today={today} />
                </div>
                <p className="text-sm text-slate-800">
                  <span className="break-words">{factura.cliente?.nombre ?? 'Sin cliente'}</span>
                  <span className="text-slate-500"> · {formatShortDay(factura.fecha_emision)}</span>
                </p>
                <div className="text-sm text-slate-700">
                  <Concept factura={factura} />
                </div>
                <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
                  <p className="text-sm text-slate-700 tabular-nums">
                    <span className="block text-lg font-semibold text-slate-900">{formatMXN(factura.monto_total)}</span>
                    Pagado {formatMXN(factura.monto_pagado)}
                    <LastPayment factura={factura} />
                  </p>
                  <InvoiceActions factura={factura} actions={actions} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <LoadMore list={list} label="Cargar más facturas" />

      {dialogs}
      <GlobalInvoiceDialog open={globalOpen} onOpenChange={setGlobalOpen} />
    </div>
  );
}

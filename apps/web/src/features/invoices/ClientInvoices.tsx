import { formatMXN } from '@bufete/shared/dinero';
import { MSG } from '@bufete/shared/messages';
import { Card } from '@/components/ui/card';
import { EmptyState, LoadingState, LoadMore } from '@/components/ui/list-states';
import { formatShortDay } from '@/lib/format';
import { useClock } from '@/lib/session';
import { useInvoiceList } from './api';
import { InvoiceBadges } from './badges';
import { useInvoiceDialogs } from './useInvoiceDialogs';

/** A client's invoices and balance (the client page): what was billed, collected and is still owed. */
export function ClientInvoices({ clienteId }: { clienteId: string }) {
  const list = useInvoiceList({ q: '', cliente_id: clienteId, estado: '', desde: '', hasta: '' });
  const { today } = useClock();
  const { actions, dialogs } = useInvoiceDialogs();
  if (list.isPending) return <LoadingState>{MSG.invoices.cargando}</LoadingState>;
  const resumen = list.data?.pages[0]?.resumen;
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (rows.length === 0) return <EmptyState>Este cliente aún no tiene facturas.</EmptyState>;
  const figures = [
    ['Facturado', resumen?.total_facturado ?? '0'],
    ['Cobrado', resumen?.cobrado ?? '0'],
    ['Saldo por cobrar', resumen?.saldo ?? '0'],
  ] as const;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-2 sm:gap-3" aria-label="Saldo del cliente">
        {figures.map(([label, value]) => (
          <Card key={label} className="min-w-0 p-3 sm:p-4">
            <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
            <dd className="mt-1 text-sm font-bold break-all text-slate-900 tabular-nums sm:text-xl" data-testid={`client-${label}`}>
              {formatMXN(value)}
            </dd>
          </Card>
        ))}
      </dl>
      <Card>
        <ul className="divide-y divide-border" data-testid="client-invoices">
          {rows.map((factura) => (
            <li key={factura.id}>
              <button
                type="button"
                className="grid w-full gap-1 px-4 py-3 text-left hover:bg-slate-50 sm:grid-cols-[auto_auto_minmax(0,1fr)_auto_auto] sm:items-center sm:gap-4"
                onClick={() => actions.onView(factura.id)}
              >
                <span className="flex items-center gap-3">
                  <span className="font-mono text-xs font-semibold text-primary">{factura.numero_factura}</span>
                  <span className="text-sm text-slate-600 sm:hidden">{formatShortDay(factura.fecha_emision)}</span>
                </span>
                <span className="hidden text-sm text-slate-600 sm:inline">{formatShortDay(factura.fecha_emision)}</span>
                <span className="truncate text-sm text-slate-800">{factura.concepto}</span>
                <span className="text-sm font-semibold text-slate-900 tabular-nums">{formatMXN(factura.monto_total)}</span>
                <InvoiceBadges factura={factura} today={today} />
              </button>
            </li>
          ))}
        </ul>
      </Card>
      <LoadMore list={list} label="Cargar más facturas" />
      {dialogs}
    </div>
  );
}

import { diaMx, formatMXN } from '@bufete/shared';
import type { JobQueue } from '../../jobs/queue';
import type { Notice } from '../notifications/service';
import type { InvoiceService } from './service';

/** Hourly: invoices that became overdue in the last week are told once (one bell row each). */
export const OVERDUE_JOB = 'invoices.overdue';

/** The invoices' background work, registered by the composition root. */
export function registerInvoiceJobs(queue: JobQueue, deps: { invoices: InvoiceService; notify: (userId: string, notice: Notice) => Promise<void> }) {
  queue.register(OVERDUE_JOB, {
    maxAttempts: 1,
    async handle() {
      for (const row of await deps.invoices.recentlyOverdue()) {
        await deps.notify(row.user_id, {
          tipo: 'factura_vencida',
          titulo: `Factura vencida: ${row.numero}`,
          detalle: [row.cliente, formatMXN(row.total), `venció el ${diaMx(row.vence)}`].filter(Boolean).join(' · '),
          enlace: `/facturacion?q=${row.numero}`,
          clave: `factura-vencida:${row.id}`,
        });
      }
    },
  });
  queue.every(OVERDUE_JOB, 60 * 60_000);
}

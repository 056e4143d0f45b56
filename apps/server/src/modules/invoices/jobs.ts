import { diaMx, formatMXN } from '@bufete/shared';
import type { JobQueue } from '../../jobs/queue';
import type { Notice } from '../notifications/service';
import type { InvoiceService } from './service';
import type { TimbradoService } from './timbrado';

/** Hourly: invoices that became overdue in the last week are told once (one bell row each). */
export const OVERDUE_JOB = 'invoices.overdue';

/** Hourly: cancellations of CFDI waiting for the receptor are asked about at the SAT; those that ended are told. */
export const CFDI_CANCELLATIONS_JOB = 'invoices.cfdi-cancellations';

/** The invoices' background work, registered by the composition root. */
export function registerInvoiceJobs(queue: JobQueue, deps: { invoices: InvoiceService; timbrado: TimbradoService; notify: (userId: string, notice: Notice) => Promise<void> }) {
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

  queue.register(CFDI_CANCELLATIONS_JOB, {
    maxAttempts: 1,
    async handle() {
      for (const ended of await deps.timbrado.refreshCancellations()) {
        const cancelado = ended.estado === 'cancelado';
        await deps.notify(ended.userId, {
          tipo: 'cfdi_cancelacion',
          titulo: cancelado ? `CFDI cancelado: ${ended.numero}` : `Cancelación rechazada: ${ended.numero}`,
          detalle: `Folio fiscal ${ended.uuid} · ${ended.estatusSat ?? ''}`.replace(/ · $/, ''),
          enlace: `/facturacion?q=${ended.numero}`,
          clave: `cfdi-cancelacion:${ended.uuid}`,
        });
      }
    },
  });
  queue.every(CFDI_CANCELLATIONS_JOB, 60 * 60_000);
}

import type { JobQueue } from '../../jobs/queue';
import type { Notice } from '../notifications/service';
import type { StampingService } from './stamping';

/** Hourly: cancellations of CFDI waiting for the receptor are asked about at the SAT; those that ended are told. */
export const CFDI_CANCELLATIONS_JOB = 'cfdi.cancelaciones';

/** The CFDI's background work, registered by the composition root. */
export function registerCfdiJobs(queue: JobQueue, deps: { stamping: StampingService; notify: (userId: string, notice: Notice) => Promise<void> }) {
  queue.register(CFDI_CANCELLATIONS_JOB, {
    maxAttempts: 1,
    async handle() {
      for (const ended of await deps.stamping.refreshCancellations()) {
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

import type { JobQueue } from '../../jobs/queue';
import type { Notice } from '../notifications/service';
import { MSG } from '@bufete/shared';
import { AppError } from '../../http/errors';
import type { GlobalInvoiceService } from './global';
import { CFDI_COMPLEMENT_JOB, isComplementRefusal, type StampingService } from './stamping';

/** Hourly: cancellations of CFDI waiting for the receptor are asked about at the SAT; those that ended are told. */
export const CFDI_CANCELLATIONS_JOB = 'cfdi.cancelaciones';

/** The CFDI's background work, registered by the composition root. */
export function registerCfdiJobs(
  queue: JobQueue,
  deps: { stamping: StampingService; globals: Pick<GlobalInvoiceService, 'refreshCancellations'>; notify: (userId: string, notice: Notice) => Promise<void> },
) {
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
      for (const ended of await deps.globals.refreshCancellations()) {
        const cancelado = ended.estado === 'cancelado';
        await deps.notify(ended.userId, {
          tipo: 'cfdi_cancelacion',
          titulo: cancelado ? `Factura global cancelada: ${ended.numero}` : `Cancelación rechazada: ${ended.numero}`,
          detalle: `Folio fiscal ${ended.uuid} · ${ended.estatusSat ?? ''}`.replace(/ · $/, ''),
          enlace: '/facturacion',
          clave: `cfdi-cancelacion:${ended.uuid}`,
        });
      }
    },
  });
  queue.every(CFDI_CANCELLATIONS_JOB, 60 * 60_000);

  // A PAC that does not answer is tried again for about a day (30 s, 1 min, 2 min… up to 30 min apart); a refusal is told at once.
  queue.register<{ userId: string; facturaId: string }>(CFDI_COMPLEMENT_JOB, {
    maxAttempts: 60,
    retryBaseMs: 30_000,
    retryMaxMs: 30 * 60_000,
    handle: ({ userId, facturaId }) => deps.stamping.stampComplements(userId, facturaId),
    isPermanent: isComplementRefusal,
    async onGiveUp({ userId, facturaId }, error) {
      const numero = await deps.stamping.numeroOf(userId, facturaId).catch(() => null);
      if (!numero) return;
      await deps.notify(userId, {
        tipo: 'cfdi_complemento',
        titulo: MSG.cfdi.complementoSinTimbrarTitulo(numero),
        detalle: error instanceof AppError ? error.message : MSG.cfdi.pacSinRespuesta,
        enlace: `/facturacion?q=${numero}`,
        clave: `cfdi-complemento:${facturaId}:${Date.now()}`,
      });
    },
  });
}

import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { ClientService } from '../clients/service';
import type { HistoryService } from '../history/service';
import type { InvoiceService } from '../invoices/service';
import type { ProfileService } from '../profile/service';
import type { CfdiService } from './service';

/** The invoice data a CFDI is built from: the invoices module's service (app.ts passes it). */
export type InvoicesForStamping = Pick<
  InvoiceService,
  | 'get'
  | 'pagos'
  | 'pagoIds'
  | 'nameFormaPago'
  | 'createSubstitute'
  | 'substitutionLinks'
  | 'reserveCreditNote'
  | 'applyCreditNote'
  | 'dropCreditNote'
  | 'revertCreditNote'
  | 'creditNotes'
  | 'advanceAppliedIn'
>;

/** What stamping an invoice's CFDI needs of the rest of the practice (app.ts passes it). */
export interface StampingDeps {
  invoices: InvoicesForStamping;
  clients: Pick<ClientService, 'get'>;
  profiles: Pick<ProfileService, 'fiscalOf'>;
  cfdi: CfdiService;
  history: HistoryService;
  logger: Logger;
  queue: JobQueue;
}

/** A stamped PPD invoice's Complementos de Pago, stamped by the queue after a payment is recorded (retried, never twice). */
export const CFDI_COMPLEMENT_JOB = 'cfdi.complementos';

/** What no retry mends: the PAC said no, the payment lacks its form, the invoice or CFDI changed. The lawyer is told instead. */
const COMPLEMENT_REFUSALS = new Set(['PAC_REJECTED', 'CFDI_CONFLICT', 'VALIDATION_ERROR', 'NOT_FOUND', 'PAC_NOT_CONFIGURED', 'INVOICE_CANCELLED']);
export const isComplementRefusal = (error: unknown) => error instanceof AppError && COMPLEMENT_REFUSALS.has(error.code);

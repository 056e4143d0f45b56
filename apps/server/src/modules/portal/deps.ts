import type { HistoryService } from '../history/service';
import type { RateLimiter } from '../../http/rate-limit';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import type { ClientService } from '../clients/service';
import type { DocumentService } from '../documents/service';
import type { InvoiceService } from '../invoices/service';
import type { Notice } from '../notifications/service';
import type { PaymentService } from '../payments/service';
import type { ProfileService } from '../profile/service';

/** What the portal needs of the rest of the practice (app.ts passes it). */
export interface PortalDeps {
  clients: Pick<ClientService, 'get'>;
  documents: Pick<DocumentService, 'upload'>;
  notify: (userId: string, notice: Notice) => Promise<void>;
  profiles: Pick<ProfileService, 'signature' | 'timeZoneOf'>;
  invoices: Pick<InvoiceService, 'get' | 'list' | 'pdf'>;
  /** The stamped CFDI of an invoice (its ingreso's XML for the client). */
  stampedXmls: (userId: string, facturaId: string) => Promise<{ name: string; xml: string; tipo: string; estado: string }[]>;
  /** 'Pagar' and the OXXO vouchers waiting, when the lawyer takes payments online. */
  payments: Pick<PaymentService, 'forPortal'>;
  history: HistoryService;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  /** Link requests: per address and per network, checked before anything is looked up; messages per access and per lawyer. */
  limits: { perEmail: RateLimiter; perNet: RateLimiter; messages: RateLimiter; downloads: RateLimiter };
}

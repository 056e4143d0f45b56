import type { CfdiComprobante, Entrada, Factura, FacturaDetalle, Sustitucion } from '@bufete/shared';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../db/client';
import type { ClientService } from '../clients/service';
import type { HistoryService } from '../history/service';
import type { ProfileService } from '../profile/service';
import type { ReminderService } from '../reminders/service';
import type { CfdiImpreso } from './receipt-cfdi';

/**
 * What invoicing needs of the time entries, declared here so invoices never
 * imports time (time already reads invoices' table): app.ts passes the time
 * service, which has these three.
 */
export interface TimeForInvoices {
  /** Marks the entries billed by the invoice, in its transaction (404 if one is not the lawyer's or is billed already). */
  claimForInvoice(tx: Transaction, userId: string, input: { ids: string[]; facturaId: string; clienteId: string | null }): Promise<void>;
  /** Gives a cancelled invoice's entries back as unbilled; how many. */
  releaseForInvoice(tx: Transaction, userId: string, facturaId: string): Promise<number>;
  /** A replaced invoice's entries are billed by its replacement; how many. */
  moveToInvoice(tx: Transaction, userId: string, fromId: string, toId: string): Promise<number>;
  /** The entries an invoice bills, oldest first. */
  entriesOfInvoice(userId: string, facturaId: string): Promise<Entrada[]>;
}

export type LatestIngresoColumns = (
  facturaId: AnyPgColumn | SQL,
  userId: AnyPgColumn | SQL,
) => { cfdiEstado: SQL<NonNullable<Factura['cfdi']>['estado'] | null>; cfdiUuid: SQL<string | null> };

/**
 * What invoicing needs of an invoice's CFDI, declared here so invoices never
 * imports the CFDI module (which reads invoices to build and stamp their
 * CFDI): app.ts passes the CFDI module's stamping service.
 */
export interface CfdiForInvoices {
  /** The same, as two columns of a statement over invoices (`facturaId`, `userId`: its row's): what the list selects in its own round trip. */
  latestIngresoColumns: LatestIngresoColumns;
  /** Each invoice's latest CFDI de Ingreso (state and folio fiscal); 'all' the lawyer's. */
  latestOf(userId: string, facturaIds: string[] | 'all'): Promise<Map<string, NonNullable<Factura['cfdi']>>>;
  /** Every CFDI of the invoice, newest first, as its detail shows them. */
  ofInvoice(userId: string, facturaId: string): Promise<CfdiComprobante[]>;
  /** The sustitución the invoice is part of, and where it stands. */
  substitutionOf(userId: string, facturaId: string): Promise<Sustitucion | null>;
  /** Whether the lawyer can stamp (a PAC of theirs or the installation's). */
  hasPac(userId: string): Promise<boolean>;
  /** Whether its CFDI de Ingreso is stamped or being stamped: the invoice can no longer be cancelled. */
  hasLiveIngreso(tx: Transaction, userId: string, facturaId: string): Promise<boolean>;
  /** How many valid Complementos de Pago state its payments (those cannot be taken back). */
  liveComplements(tx: Transaction, facturaId: string): Promise<number>;
  /** Its printed version when stamped: its latest CFDI de Ingreso with a folio fiscal. */
  printed(userId: string, facturaId: string): Promise<CfdiImpreso | null>;
  /** A credit note's printed CFDI de egreso, once stamped. */
  printedCreditNote(userId: string, notaId: string): Promise<CfdiImpreso | null>;
  /** A factura global a receipt is a concepto of: its number and CFDI. */
  globalOf(userId: string, globalId: string): Promise<FacturaDetalle['factura_global']>;
  /** Its valid stamped CFDI de Ingreso, sent with the receipt. */
  validIngreso(userId: string, facturaId: string): Promise<{ uuid: string; xml: string } | null>;
  /**
   * A payment was just recorded, in `tx`: when the invoice's CFDI is PPD, its
   * Complemento de Pago is queued in the same transaction (so no crash can
   * lose it) and the job's id returned, to be run once `tx` commits.
   */
  paymentRecorded(tx: Transaction, userId: string, facturaId: string, pagoId: string): Promise<string | null>;
  /** Runs a queued complement now, within the request's patience; the queue finishes it otherwise. */
  stampQueued(jobId: string): Promise<void>;
}

export interface InvoiceServiceDeps {
  clients: ClientService;
  profiles: ProfileService;
  reminders: ReminderService;
  time: TimeForInvoices;
  history: HistoryService;
  cfdi: CfdiForInvoices;
}

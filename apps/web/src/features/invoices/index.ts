import { lazyWithPreload } from '@/lib/lazy';

/** Invoicing (spec part 2): the screen, a client's invoices, and the dialog that bills reviewed time. */
export const InvoicesPage = lazyWithPreload(() => import('./InvoicesPage'));
export { invoiceKeys } from './api';
export { ClientInvoices } from './ClientInvoices';
export { BillTimeDialog } from './dialogs';

import { lazyWithPreload } from '@/lib/lazy';

/** Invoicing (spec part 2): the screen, and what time billing uses. */
export const InvoicesPage = lazyWithPreload(() => import('./InvoicesPage'));
export { invoiceKeys, useInvoiceTime } from './api';

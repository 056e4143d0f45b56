import { lazy } from 'react';

/** Invoicing (spec part 2): the screen, and what time billing uses. */
export const InvoicesPage = lazy(() => import('./InvoicesPage'));
export { invoiceKeys, useInvoiceTime } from './api';

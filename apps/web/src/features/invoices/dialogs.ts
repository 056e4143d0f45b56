import { lazyDialog } from '@/components/ui/dialog';

/** Invoicing's dialogs: each loads, with its form (schemas and zod), the first time it opens (docs/decisions/0028). */
export const InvoiceDialog = lazyDialog(
  () => import('./InvoiceDialog').then((m) => m.InvoiceDialog),
  (props) => props.mode !== null,
);
export const BillTimeDialog = lazyDialog(
  () => import('./InvoiceDialog').then((m) => m.BillTimeDialog),
  (props) => props.entries !== null,
);
export const StatusDialog = lazyDialog(
  () => import('./StatusDialog').then((m) => m.StatusDialog),
  (props) => props.factura !== null,
);
export const CancelDialog = lazyDialog(
  () => import('./CancelDialog').then((m) => m.CancelDialog),
  (props) => props.factura !== null,
);
export const InvoiceDetailDialog = lazyDialog(
  () => import('./InvoiceDetailDialog').then((m) => m.InvoiceDetailDialog),
  (props) => props.facturaId !== null,
);
export const GlobalInvoiceDialog = lazyDialog(
  () => import('./GlobalInvoiceDialog').then((m) => m.GlobalInvoiceDialog),
  (props) => props.open,
);

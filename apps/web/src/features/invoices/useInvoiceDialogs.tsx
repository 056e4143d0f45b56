import type { Factura } from '@bufete/shared/facturas';
import { useState } from 'react';
import { CancelDialog, InvoiceDetailDialog, InvoiceDialog, StatusDialog } from './dialogs';
import type { InvoiceActions } from './InvoiceDetailDialog';
import type { InvoiceDialogMode } from './InvoiceDialog';

/**
 * The dialogs of invoicing, opened from wherever invoices are listed (the
 * screen, a client's page): create or edit, status and payment, cancel, and
 * the detail that leads to the others.
 */
export function useInvoiceDialogs() {
  const [form, setForm] = useState<InvoiceDialogMode | null>(null);
  const [status, setStatus] = useState<Factura | null>(null);
  const [cancelling, setCancelling] = useState<Factura | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const actions: InvoiceActions & { onCreate(): void; onView(id: string): void } = {
    onCreate: () => setForm({ kind: 'create' }),
    onEdit: (factura) => setForm({ kind: 'edit', factura }),
    onSubstitute: (factura) => setForm({ kind: 'substitute', factura }),
    onStatus: setStatus,
    onCancel: setCancelling,
    onView: setViewing,
  };
  const dialogs = (
    <>
      {/* A sustitución ends on the invoice where it stands: the new one when it went through, else the one being replaced. */}
      <InvoiceDialog mode={form} onOpenChange={(open) => !open && setForm(null)} onSubstituted={setViewing} />
      <StatusDialog factura={status} onOpenChange={(open) => !open && setStatus(null)} />
      <CancelDialog factura={cancelling} onOpenChange={(open) => !open && setCancelling(null)} />
      <InvoiceDetailDialog facturaId={viewing} onOpenChange={(open) => !open && setViewing(null)} actions={actions} />
    </>
  );
  return { actions, dialogs };
}

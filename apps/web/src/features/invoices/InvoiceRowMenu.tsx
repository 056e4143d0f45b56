import { type Factura } from '@bufete/shared/facturas';
import { MSG } from '@bufete/shared/messages';
import { Ban, Eye, SquarePen } from 'lucide-react';
import type { DeferredMenuProps } from '@/components/ui/deferred-menu';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/lib/toast';
import type { InvoiceActions } from './InvoiceDetailDialog';

export interface InvoiceRowMenuProps {
  factura: Factura;
  actions: InvoiceActions & { onView(id: string): void };
}

/** An invoice row's 'Más acciones' (loaded when first reached for: InvoicesPage): detail, edit, cancel. */
export default function InvoiceRowMenu({ trigger, defaultOpen, factura, actions }: DeferredMenuProps & InvoiceRowMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.onView(factura.id)}>
          <Eye aria-hidden /> Ver detalle e historial
        </DropdownMenuItem>
        {factura.editable ? (
          <DropdownMenuItem onSelect={() => actions.onEdit(factura)}>
            <SquarePen aria-hidden /> Editar factura
          </DropdownMenuItem>
        ) : null}
        {factura.estado !== 'cancelada' ? (
          <DropdownMenuItem
            onSelect={() => {
              // A live CFDI is cancelled before the SAT (in the detail); payments are taken back first.
              if (factura.cfdi && factura.cfdi.estado !== 'cancelado') toast.error(MSG.cfdi.facturaTimbrada);
              else if (factura.monto_pagado !== '0.00') toast.error(MSG.invoices.conPagos);
              else actions.onCancel(factura);
            }}
            className="text-red-700"
          >
            <Ban aria-hidden /> Cancelar factura
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import type { FacturaCreateInput, FacturaEstado } from '@bufete/shared';
import { facturasApi } from '@bufete/shared/facturas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

export interface InvoiceFilters {
  q: string;
  cliente_id: string;
  estado: FacturaEstado | '';
  desde: string;
  hasta: string;
}

export const invoiceKeys = {
  all: ['facturas'] as const,
  list: (filters: InvoiceFilters) => ['facturas', 'list', filters] as const,
  clients: ['facturas', 'clientes'] as const,
};

/** The query the list and the CSV share: only what is set. */
export const queryOf = (filters: InvoiceFilters) => ({
  q: filters.q || undefined,
  cliente_id: filters.cliente_id || undefined,
  estado: filters.estado || undefined,
  desde: filters.desde || undefined,
  hasta: filters.hasta || undefined,
});

/** Pages of the filtered invoices; the first page carries the cards' figures. */
export function useInvoiceList(filters: InvoiceFilters) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => call(facturasApi.list, { query: { ...queryOf(filters), cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (previous) => previous,
  });
}

export function useInvoiceClients() {
  return useQuery({ queryKey: invoiceKeys.clients, queryFn: async () => (await call(facturasApi.clients)).items });
}

function useInvalidateInvoices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
}

export function useCreateInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: async (input: FacturaCreateInput) => (await call(facturasApi.create, { body: input })).factura, onSuccess: invalidate });
}

export function useUpdateInvoiceStatus() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, estado, monto_pagado }: { id: string; estado: FacturaEstado; monto_pagado: string }) =>
      (await call(facturasApi.updateStatus, { params: { id }, body: { estado, monto_pagado } })).factura,
    onSuccess: invalidate,
  });
}

export function useEmailInvoice() {
  return useMutation({ mutationFn: async (id: string) => (await call(facturasApi.email, { params: { id } })).message });
}

/** 'Facturar tiempo': chosen entries become an invoice. */
export function useInvoiceTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entrada_ids: string[]) => (await call(facturasApi.fromTime, { body: { entrada_ids } })).factura,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['tiempo'] });
    },
  });
}

import type { CfdiCancelInput, FacturaGlobalInput, GlobalCancelInput } from '@bufete/shared/cfdi';
import type { PeriodicidadGlobal } from '@bufete/shared/values/cfdi';
import type { FacturaCreateInput, FacturaStatusInput, FacturaUpdateInput, NotaCreditoInput } from '@bufete/shared/facturas';
import type { FacturaEstadoRegistro } from '@bufete/shared/values/facturas';
import type { FormaPago } from '@bufete/shared/values/fiscal';
import { anticiposApi, facturasCfdiApi, globalesApi } from '@bufete/shared/api/cfdi';
import { facturasApi } from '@bufete/shared/api/facturas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export interface InvoiceFilters {
  q: string;
  cliente_id: string;
  estado: FacturaEstadoRegistro | '';
  desde: string;
  hasta: string;
}

export const invoiceKeys = {
  all: resourceKeys.facturas,
  list: (filters: InvoiceFilters) => ['facturas', 'list', filters] as const,
  detail: (id: string) => ['facturas', 'detalle', id] as const,
  clients: ['facturas', 'clientes'] as const,
};

/** Time entries change when an invoice bills them or gives them back (the time feature's key). */
const TIME_KEY = ['tiempo'] as const;

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

/** One invoice with its payments, billed time and history. */
export function useInvoice(id: string | null) {
  return useQuery({ queryKey: invoiceKeys.detail(id ?? ''), queryFn: ({ signal }) => call(facturasApi.get, { params: { id: id! }, signal }), enabled: !!id });
}

export function useInvoiceClients() {
  return useQuery({ queryKey: invoiceKeys.clients, queryFn: async () => (await call(facturasApi.clients)).items });
}

function useInvalidateInvoices() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: invoiceKeys.all }), queryClient.invalidateQueries({ queryKey: TIME_KEY })]);
}

/** 'Crear Nueva Factura', and 'Facturar tiempo' once reviewed (the entries it bills go with it). */
export function useCreateInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: async (input: FacturaCreateInput) => (await call(facturasApi.create, { body: input })).factura, onSuccess: invalidate });
}

export function useUpdateInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: FacturaUpdateInput }) => (await call(facturasApi.update, { params: { id }, body: input })).factura,
    onSuccess: invalidate,
  });
}

export function useUpdateInvoiceStatus() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, ...body }: FacturaStatusInput & { id: string }) => (await call(facturasApi.updateStatus, { params: { id }, body })).factura,
    onSuccess: invalidate,
  });
}

export function useCancelInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, motivo }: { id: string; motivo: string }) => (await call(facturasApi.cancel, { params: { id }, body: { motivo } })).factura,
    onSuccess: invalidate,
  });
}

export function useEmailInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: async (id: string) => (await call(facturasApi.email, { params: { id } })).message, onSuccess: invalidate });
}

/** 'Timbrar CFDI': the invoice's CFDI de Ingreso through the PAC. */
export function useStampInvoice() {
  const invalidate = useInvalidateInvoices();
  // Settled: a substitute's stamp may succeed and its original's cancellation then be refused; both invoices changed.
  return useMutation({ mutationFn: async (id: string) => (await call(facturasCfdiApi.stamp, { params: { id } })).cfdi, onSettled: invalidate });
}

/** 'Timbrar complemento': the Complemento de Pago of one payment of a stamped PPD invoice. */
export function useStampPayment() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, pago, forma_pago }: { id: string; pago: string; forma_pago?: FormaPago }) =>
      (await call(facturasCfdiApi.stampPago, { params: { id, pago }, body: forma_pago ? { forma_pago } : undefined })).cfdi,
    onSuccess: invalidate,
  });
}

/** 'Nota de crédito': its CFDI de egreso stamped, off the invoice's balance. */
export function useIssueCreditNote() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: NotaCreditoInput }) => (await call(facturasCfdiApi.creditNote, { params: { id }, body: input })).cfdi,
    onSettled: invalidate,
  });
}

/** 'Reintentar timbrado' of a credit note the PAC did not confirm. */
export function useStampCreditNote() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, nota }: { id: string; nota: string }) => (await call(facturasCfdiApi.stampCreditNote, { params: { id, nota } })).cfdi,
    onSuccess: invalidate,
  });
}

/** 'Sustituir CFDI': the corrected copy as a new invoice, stamped related 04; the original cancelled with motivo 01. */
export function useSubstituteInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: FacturaUpdateInput }) => (await call(facturasCfdiApi.substitute, { params: { id }, body: input })).sustitucion,
    // Halfway or whole, both invoices changed: refetched either way.
    onSettled: invalidate,
  });
}

/** 'Continuar sustitución': from where it stopped. */
export function useResumeSubstitution() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async (id: string) => (await call(facturasCfdiApi.resumeSubstitution, { params: { id } })).sustitucion,
    onSettled: invalidate,
  });
}

/** 'Cancelar CFDI' with the SAT's motivo (and, with 01, the UUID that replaces it). */
export function useCancelCfdi() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, cfdi, ...body }: CfdiCancelInput & { id: string; cfdi: string }) => (await call(facturasCfdiApi.cancel, { params: { id, cfdi }, body })).cfdi,
    onSuccess: invalidate,
  });
}

/** 'Consultar en el SAT': how the SAT has the CFDI now. */
export function useRefreshCfdi() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, cfdi }: { id: string; cfdi: string }) => (await call(facturasCfdiApi.refresh, { params: { id, cfdi } })).cfdi,
    onSuccess: invalidate,
  });
}

/** 'Aplicar anticipo' on a final invoice not stamped yet (null takes it off). */
export function useSetAdvance() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, anticipo }: { id: string; anticipo: string | null }) => (await call(anticiposApi.set, { params: { id }, body: { anticipo_id: anticipo } })).factura,
    onSuccess: invalidate,
  });
}

/** 'Timbrar aplicación del anticipo': the CFDI de egreso that did not follow the final invoice's stamp. */
export function useStampAdvance() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: async (id: string) => (await call(anticiposApi.stampAdvance, { params: { id } })).cfdi, onSettled: invalidate });
}

const globalKeys = { list: ['facturas', 'globales'] as const, preview: (periodicidad: string, fecha: string) => ['facturas', 'globales', 'recibos', periodicidad, fecha] as const };

/** The lawyer's global invoices. */
export function useGlobalInvoices(enabled: boolean) {
  return useQuery({ queryKey: globalKeys.list, queryFn: async ({ signal }) => (await call(globalesApi.list, { signal })).items, enabled });
}

/** What the global of a period would hold. */
export function useGlobalPreview(periodicidad: PeriodicidadGlobal, fecha: string) {
  return useQuery({
    queryKey: globalKeys.preview(periodicidad, fecha),
    queryFn: ({ signal }) => call(globalesApi.preview, { query: { periodicidad, fecha }, signal }),
    enabled: !!fecha,
    placeholderData: (previous) => previous,
  });
}

/** 'Timbrar factura global'. */
export function useIssueGlobal() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: async (input: FacturaGlobalInput) => (await call(globalesApi.create, { body: input })).global, onSettled: invalidate });
}

/** 'Reintentar timbrado' of a global the PAC did not confirm. */
export function useResumeGlobal() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: async (id: string) => (await call(globalesApi.resume, { params: { id } })).global, onSettled: invalidate });
}

/** 'Cancelar factura global' with the SAT's motivo: once cancelled, its receipts are free again (the preview shows them). */
export function useCancelGlobal() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: async ({ id, ...body }: GlobalCancelInput & { id: string }) => (await call(globalesApi.cancel, { params: { id }, body })).global,
    onSettled: invalidate,
  });
}

/** 'Consultar estado en el SAT' of a global whose cancellation is in process. */
export function useRefreshGlobal() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: async (id: string) => (await call(globalesApi.refresh, { params: { id } })).global, onSettled: invalidate });
}

import type { Cliente, ClienteOutput, EmailReminder, Page } from '@bufete/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchPage } from '@/lib/api';
import { queryKeys } from '@/lib/practice';

export function useClientList(q: string) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.clientes, 'list', q],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage<Page<Cliente>>('/clientes', { q }, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Clients appear in their list, the pickers, the dashboard and on cases: all are read again. */
function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.clientes });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    void queryClient.invalidateQueries({ queryKey: queryKeys.casos });
  };
}

export function useSaveClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: ClienteOutput }) =>
      (await api<{ cliente: Cliente }>(id ? `/clientes/${id}` : '/clientes', { method: id ? 'PUT' : 'POST', body: input })).cliente,
    onSuccess: invalidate,
  });
}

export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: async (id: string) => api(`/clientes/${id}`, { method: 'DELETE' }), onSuccess: invalidate });
}

export function useReminders(clienteId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reminders(clienteId),
    queryFn: async () => (await api<{ items: EmailReminder[] }>(`/reminders?clienteId=${clienteId}`)).items,
    enabled,
    // A scheduled reminder changes state on the server: look again while the dialog is open.
    refetchInterval: 15_000,
  });
}

export function useSendReminder(clienteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { subject: string; message: string; scheduledFor: string | null }) =>
      api<{ message: string; reminder: EmailReminder }>('/reminders', { body: { clienteId, ...input } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders(clienteId) }),
  });
}

export function useCancelReminder(clienteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api<{ message: string }>(`/reminders/${id}/cancel`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders(clienteId) }),
  });
}

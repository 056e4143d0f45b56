import type { RecordatorioCreateInput } from '@bufete/shared/recordatorios';
import { recordatoriosApi } from '@bufete/shared/api/recordatorios';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const reminderKeys = { all: resourceKeys.recordatorios, forClient: (clienteId: string) => ['recordatorios', clienteId] as const };

export function useReminders(clienteId: string, enabled: boolean) {
  return useQuery({
    queryKey: reminderKeys.forClient(clienteId),
    queryFn: async () => (await call(recordatoriosApi.list, { query: { cliente_id: clienteId } })).items,
    enabled,
    // A scheduled email changes state on the server: look again while the dialog is open.
    refetchInterval: 15_000,
  });
}

export function useSendReminder(clienteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RecordatorioCreateInput, 'cliente_id'>) => call(recordatoriosApi.send, { body: { cliente_id: clienteId, ...input } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.forClient(clienteId) }),
  });
}

export function useCancelReminder(clienteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(recordatoriosApi.cancel, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.forClient(clienteId) }),
  });
}

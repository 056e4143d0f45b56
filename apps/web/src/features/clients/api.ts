import type { ClienteInput } from '@bufete/shared/clientes';
import { clientesApi } from '@bufete/shared/api/clientes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const clientKeys = {
  all: resourceKeys.clientes,
  list: (q: string) => ['clientes', 'list', q] as const,
  detail: (id: string) => ['clientes', 'detail', id] as const,
};

export function useClientList(q: string) {
  return useInfiniteQuery({
    queryKey: clientKeys.list(q),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => call(clientesApi.list, { query: { q, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useClient(id: string, enabled: boolean) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: async () => (await call(clientesApi.get, { params: { id } })).cliente,
    enabled,
    retry: false,
  });
}

/** id, nombre, email of every client, for pickers. */
/** Clients appear in their list, the pickers, the dashboard and on cases: all are read again. */
function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.dashboard });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.casos });
  };
}

export function useSaveClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: ClienteInput }) =>
      (id ? await call(clientesApi.update, { params: { id }, body: input }) : await call(clientesApi.create, { body: input })).cliente,
    onSuccess: invalidate,
  });
}

export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: (id: string) => call(clientesApi.remove, { params: { id } }), onSuccess: invalidate });
}

import type { Caso, CasoCreateOutput, CasoEstado, CasoPrioridad, CasoUpdateOutput, Page } from '@bufete/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchPage } from '@/lib/api';
import { queryKeys } from '@/lib/practice';

export interface CaseFilters {
  q: string;
  estado: CasoEstado | '';
  prioridad: CasoPrioridad | '';
}

export function useCaseList(filters: CaseFilters) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.casos, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage<Page<Caso>>('/casos', { ...filters }, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCase(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.caso(id),
    queryFn: async () => (await api<{ caso: Caso }>(`/casos/${encodeURIComponent(id)}`)).caso,
    enabled,
    retry: false,
  });
}

/** After any change to cases, the lists, the dashboard and that case are read again. */
function useInvalidateCases() {
  const queryClient = useQueryClient();
  return (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.casos });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    if (id) void queryClient.invalidateQueries({ queryKey: queryKeys.caso(id) });
  };
}

export function useCreateCase() {
  const invalidate = useInvalidateCases();
  return useMutation({
    mutationFn: async (input: CasoCreateOutput) => (await api<{ caso: Caso }>('/casos', { body: input })).caso,
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCase() {
  const invalidate = useInvalidateCases();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: CasoUpdateOutput }) =>
      (await api<{ caso: Caso }>(`/casos/${id}`, { method: 'PATCH', body: input })).caso,
    onSuccess: (caso) => {
      queryClient.setQueryData(queryKeys.caso(caso.id), caso);
      invalidate(caso.id);
    },
  });
}

export function useDeleteCase() {
  const invalidate = useInvalidateCases();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api(`/casos/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.caso(id) });
      invalidate();
    },
  });
}

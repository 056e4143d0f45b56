import type { Caso, CasoCreateInput, CasoUpdateInput } from '@bufete/shared/casos';
import type { CasoEstado, CasoPrioridad } from '@bufete/shared/values/casos';
import type { CASO_ORDENES, CASO_VENCIMIENTOS } from '@bufete/shared/values/casos';
import { casosApi } from '@bufete/shared/api/casos';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

/** Every query about cases starts with 'casos': invalidating it refreshes lists, details, counts and pickers. */
export const caseKeys = {
  all: resourceKeys.casos,
  list: (filters: CaseFilters) => ['casos', 'list', filters] as const,
  detail: (id: string) => ['casos', 'detail', id] as const,
  counts: (id: string) => ['casos', 'counts', id] as const,
  history: (id: string) => ['casos', 'historial', id] as const,
};

export interface CaseFilters {
  q: string;
  estado: CasoEstado | '';
  prioridad: CasoPrioridad | '';
  orden: (typeof CASO_ORDENES)[number];
  vencimiento: (typeof CASO_VENCIMIENTOS)[number] | '';
  /** Only this client's cases (the client page). */
  cliente_id?: string;
  /** 'Míos': the cases the person answers for (a despacho with a team). */
  mios?: boolean;
}

export function useCaseList(filters: CaseFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: caseKeys.list(filters),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(casosApi.list, {
        query: {
          q: filters.q,
          estado: filters.estado || undefined,
          prioridad: filters.prioridad || undefined,
          orden: filters.orden,
          vencimiento: filters.vencimiento || undefined,
          mios: filters.mios ? '1' : undefined,
          cliente_id: filters.cliente_id,
          cursor: pageParam,
        },
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useCase(id: string, enabled: boolean) {
  return useQuery({
    queryKey: caseKeys.detail(id),
    queryFn: async () => (await call(casosApi.get, { params: { id } })).caso,
    enabled,
    retry: false,
  });
}

/** How many documents, images and notes a case has (its tabs and the delete confirmation). */
export function useCaseCounts(id: string, enabled: boolean) {
  return useQuery({ queryKey: caseKeys.counts(id), queryFn: async () => (await call(casosApi.counts, { params: { id } })).counts, enabled });
}

/** 'Historial' of a case, paged (newest first); read afresh whenever the tab opens. */
export function useCaseHistory(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: caseKeys.history(id),
    enabled,
    staleTime: 0,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => call(casosApi.history, { params: { id }, query: { cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** After any change to cases, their lists, details and pickers and the dashboard are read again. */
export function useInvalidateCases() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: caseKeys.all });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.dashboard });
  };
}

export function useCreateCase() {
  const invalidate = useInvalidateCases();
  return useMutation({ mutationFn: async (input: CasoCreateInput) => (await call(casosApi.create, { body: input })).caso, onSuccess: invalidate });
}

export function useUpdateCase() {
  const invalidate = useInvalidateCases();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: CasoUpdateInput }) => (await call(casosApi.update, { params: { id }, body: input })).caso,
    onSuccess: (caso: Caso) => {
      queryClient.setQueryData(caseKeys.detail(caso.id), caso);
      invalidate();
    },
  });
}

export function useDeleteCase() {
  const invalidate = useInvalidateCases();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(casosApi.remove, { params: { id } }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: caseKeys.detail(id) });
      invalidate();
    },
  });
}

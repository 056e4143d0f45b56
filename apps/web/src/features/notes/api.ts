import type { Page } from '@bufete/shared/common';
import type { Nota, NoteCreateInput, NoteUpdateInput } from '@bufete/shared/notas';
import { notasApi } from '@bufete/shared/api/notas';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export interface NoteFilters {
  q: string;
  casoId: string;
  etiquetaId: string;
  /** Notes of this client: linked to them or to one of their cases (the client page). */
  clienteId?: string;
}

export const noteKeys = {
  all: resourceKeys.notas,
  lists: ['notas', 'list'] as const,
  list: (filters: NoteFilters) => ['notas', 'list', filters] as const,
  cases: ['notas', 'casos'] as const,
};

export function useNotes(filters: NoteFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: noteKeys.list(filters),
    initialPageParam: undefined as string | undefined,
    enabled,
    queryFn: ({ pageParam, signal }) =>
      call(notasApi.list, { query: { q: filters.q, caso_id: filters.casoId, cliente_id: filters.clienteId, etiqueta_id: filters.etiquetaId, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The cases that have notes (the notes screen's case filter). */
export function useNoteCases() {
  return useQuery({ queryKey: noteKeys.cases, queryFn: async () => (await call(notasApi.cases)).items });
}

function useInvalidateNotes() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.casos });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.dashboard });
  };
}

export function useCreateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({ mutationFn: async (input: NoteCreateInput) => (await call(notasApi.create, { body: input })).nota, onSuccess: invalidate });
}

export function useUpdateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: NoteUpdateInput }) => (await call(notasApi.update, { params: { id }, body: input })).nota,
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({ mutationFn: (id: string) => call(notasApi.remove, { params: { id } }), onSuccess: invalidate });
}

/** The star changes at once in every list; if the server refuses, the lists are put back and reloaded. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, value }: { id: string; value: boolean }) => (await call(notasApi.update, { params: { id }, body: { is_favorita: value } })).nota,
    onMutate: async ({ id, value }) => {
      await queryClient.cancelQueries({ queryKey: noteKeys.all });
      const snapshot = queryClient.getQueriesData<InfiniteData<Page<Nota>>>({ queryKey: noteKeys.lists });
      queryClient.setQueriesData<InfiniteData<Page<Nota>>>({ queryKey: noteKeys.lists }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((n) => (n.id === id ? { ...n, is_favorita: value } : n)) })) } : data,
      );
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
  });
}

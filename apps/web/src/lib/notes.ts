import type { Nota, NoteCreateInput, NoteUpdateInput, Page, Tag, TagCreateInput } from '@bufete/shared';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchPage } from './api';
import { queryKeys } from './practice';

export const noteKeys = {
  all: ['notas'] as const,
  list: (filters: NoteFilters) => ['notas', 'list', filters] as const,
  cases: ['notas', 'casos'] as const,
  tags: ['tags'] as const,
};

export interface NoteFilters {
  q: string;
  casoId: string;
  tagId: string;
}

export function useNotes(filters: NoteFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: noteKeys.list(filters),
    initialPageParam: null as string | null,
    enabled,
    queryFn: ({ pageParam, signal }) => fetchPage<Page<Nota>>('/notas', { ...filters }, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useNoteCases() {
  return useQuery({ queryKey: noteKeys.cases, queryFn: async () => (await api<{ items: { id: string; titulo: string }[] }>('/notas/casos')).items });
}

export function useTags() {
  return useQuery({ queryKey: noteKeys.tags, queryFn: async () => (await api<{ items: Tag[] }>('/tags')).items });
}

function useInvalidateNotes() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['caso-contenido'] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TagCreateInput) => (await api<{ tag: Tag }>('/tags', { body: input })).tag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.tags }),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/tags/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.tags });
      void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
  });
}

export function useCreateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({ mutationFn: async (input: NoteCreateInput) => (await api<{ nota: Nota }>('/notas', { body: input })).nota, onSuccess: invalidate });
}

export function useUpdateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: NoteUpdateInput }) => (await api<{ nota: Nota }>(`/notas/${id}`, { method: 'PATCH', body: input })).nota,
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({ mutationFn: (id: string) => api(`/notas/${id}`, { method: 'DELETE' }), onSuccess: invalidate });
}

/** The star changes at once in every list; if the server refuses, the lists are put back and reloaded. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, value }: { id: string; value: boolean }) => (await api<{ nota: Nota }>(`/notas/${id}`, { method: 'PATCH', body: { is_favorita: value } })).nota,
    onMutate: async ({ id, value }) => {
      await queryClient.cancelQueries({ queryKey: noteKeys.all });
      const snapshot = queryClient.getQueriesData<InfiniteData<Page<Nota>>>({ queryKey: ['notas', 'list'] });
      queryClient.setQueriesData<InfiniteData<Page<Nota>>>({ queryKey: ['notas', 'list'] }, (data) =>
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

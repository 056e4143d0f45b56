import { documentosApi } from '@bufete/shared/api/documentos';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const documentKeys = {
  all: resourceKeys.documentos,
  list: (filters: DocumentFilters) => ['documentos', 'list', filters] as const,
};

export interface DocumentFilters {
  q: string;
  casoId: string;
  clienteId: string;
}

export function useDocumentList(filters: DocumentFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: documentKeys.list(filters),
    initialPageParam: undefined as string | undefined,
    enabled,
    queryFn: ({ pageParam, signal }) => call(documentosApi.list, { query: { q: filters.q, caso_id: filters.casoId, cliente_id: filters.clienteId, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // While a document's text is still being read (after a busy upload), the list asks again now and then.
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((documento) => documento.leyendo_texto)) ? 3000 : false),
  });
}

/** After an upload or a deletion: the lists, the case's tab counts and the dashboard. */
function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.casos });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.dashboard });
  };
}

export function useUploadDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: ({ file, casoId, clienteId }: { file: File; casoId?: string | null; clienteId?: string | null }) =>
      upload(documentosApi.upload, { fields: { caso_id: casoId ?? null, cliente_id: clienteId ?? null }, file }),
    onSuccess: invalidate,
  });
}

export function useDeleteDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({ mutationFn: (id: string) => call(documentosApi.remove, { params: { id } }), onSuccess: invalidate });
}

/** 'Visible para el cliente': the document shown in the client's portal, or not. */
export function useSetDocumentVisible() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async ({ id, visible }: { id: string; visible: boolean }) => (await call(documentosApi.setVisible, { params: { id }, body: { visible } })).documento,
    onSuccess: invalidate,
  });
}

import { documentosApi } from '@bufete/shared/documentos';
import { imagenesApi } from '@bufete/shared/imagenes';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { caseKeys } from '@/features/cases';
import { dashboardKeys } from '@/features/dashboard';
import { call, upload } from '@/lib/api';

export const documentKeys = {
  all: ['documentos'] as const,
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
    queryFn: ({ pageParam, signal }) =>
      call(documentosApi.list, { query: { q: filters.q, caso_id: filters.casoId, cliente_id: filters.clienteId, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** After an upload or a deletion: the lists, the case's tab counts and the dashboard. */
function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    void queryClient.invalidateQueries({ queryKey: caseKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
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

/** A short-lived link (3600 s) that opens a stored file in a new tab without the session. */
export async function signedLink(kind: 'documentos' | 'imagenes', id: string): Promise<string> {
  const reply = kind === 'documentos' ? await call(documentosApi.link, { params: { id } }) : await call(imagenesApi.link, { params: { id } });
  return reply.url;
}

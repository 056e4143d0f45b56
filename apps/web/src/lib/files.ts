import type { CaseContentCounts, Documento, Imagen, Page, SignedLink } from '@bufete/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, fetchPage } from './api';
import { queryKeys } from './practice';

/** Sizes in Bytes, KB, MB or GB (spec part 2, section 9). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}

export const fileKeys = {
  documentos: ['documentos'] as const,
  imagenes: (owner: string) => ['imagenes', owner] as const,
  contenido: (casoId: string) => ['caso-contenido', casoId] as const,
};

/** Multipart upload through the same-origin API; the server's Spanish message on failure. */
export async function uploadFile<T>(path: string, file: File, fields: Record<string, string | null | undefined> = {}): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('file', file, file.name);
  const response = await fetch(`/api${path}`, { method: 'POST', body: form, credentials: 'same-origin' });
  const data = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!response.ok) throw new ApiError(response.status, data?.error?.code ?? 'HTTP_ERROR', data?.error?.message ?? `Error ${response.status}`);
  return data as T;
}

export interface DocumentFilters {
  q: string;
  casoId: string;
  clienteId: string;
}

export function useDocumentList(filters: DocumentFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...fileKeys.documentos, filters],
    initialPageParam: null as string | null,
    enabled,
    queryFn: ({ pageParam, signal }) => fetchPage<Page<Documento>>('/documentos', { ...filters }, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCaseOptions() {
  return useQuery({ queryKey: [...queryKeys.casos, 'options'], queryFn: async () => (await api<{ items: { id: string; titulo: string }[] }>('/casos/options')).items });
}

export function useCaseContentCounts(casoId: string, enabled: boolean) {
  return useQuery({
    queryKey: fileKeys.contenido(casoId),
    queryFn: async () => (await api<{ counts: CaseContentCounts }>(`/casos/${casoId}/contenido`)).counts,
    enabled,
  });
}

/** After an upload or a deletion: lists, tab counts and the dashboard. */
export function useInvalidateFiles() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: fileKeys.documentos });
    void queryClient.invalidateQueries({ queryKey: ['imagenes'] });
    void queryClient.invalidateQueries({ queryKey: ['caso-contenido'] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
}

export function useUploadDocument() {
  const invalidate = useInvalidateFiles();
  return useMutation({
    mutationFn: ({ file, casoId, clienteId }: { file: File; casoId?: string | null; clienteId?: string | null }) =>
      uploadFile<{ documento: Documento }>('/documentos', file, { caso_id: casoId, cliente_id: clienteId }),
    onSuccess: invalidate,
  });
}

export function useDeleteDocument() {
  const invalidate = useInvalidateFiles();
  return useMutation({ mutationFn: (id: string) => api(`/documentos/${id}`, { method: 'DELETE' }), onSuccess: invalidate });
}

export function useImages(owner: { casoId?: string; notaId?: string }, enabled = true) {
  const key = owner.casoId ? `caso:${owner.casoId}` : `nota:${owner.notaId}`;
  return useQuery({
    queryKey: fileKeys.imagenes(key),
    enabled,
    queryFn: async () => {
      const params = owner.casoId ? `caso_id=${owner.casoId}` : `nota_id=${owner.notaId}`;
      return (await api<{ items: Imagen[] }>(`/imagenes?${params}`)).items;
    },
  });
}

export function useUploadImage() {
  const invalidate = useInvalidateFiles();
  return useMutation({
    mutationFn: ({ file, casoId, notaId }: { file: File; casoId?: string; notaId?: string }) =>
      uploadFile<{ imagen: Imagen }>('/imagenes', file, { caso_id: casoId, nota_id: notaId }),
    onSuccess: invalidate,
  });
}

export function useDeleteImage() {
  const invalidate = useInvalidateFiles();
  return useMutation({ mutationFn: (id: string) => api(`/imagenes/${id}`, { method: 'DELETE' }), onSuccess: invalidate });
}

/** A short-lived link (3600 s) that opens the file in a new tab without the session. */
export async function signedLink(kind: 'documentos' | 'imagenes', id: string): Promise<string> {
  return (await api<SignedLink>(`/${kind}/${id}/enlace`, { method: 'POST', body: {} })).url;
}

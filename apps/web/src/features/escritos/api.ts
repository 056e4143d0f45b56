import { escritosApi } from '@bufete/shared/api/escritos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fileUrl, upload } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const escritoKeys = {
  templates: [...resourceKeys.escritos, 'plantillas'] as const,
  fields: (casoId: string, plantilla: string) => [...resourceKeys.escritos, 'campos', casoId, plantilla] as const,
};

export function useEscritoTemplates(enabled = true) {
  return useQuery({ queryKey: escritoKeys.templates, queryFn: async () => (await call(escritosApi.plantillas)).items, enabled });
}

/** A template's fields with this case's values (asked again each time: the case may have changed). */
export function useEscritoFields(casoId: string, plantilla: string | null) {
  return useQuery({
    queryKey: escritoKeys.fields(casoId, plantilla ?? ''),
    queryFn: () => call(escritosApi.campos, { params: { id: casoId }, query: { plantilla: plantilla! } }),
    enabled: !!plantilla,
    staleTime: 0,
  });
}

export function useUploadTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, nombre }: { file: File; nombre: string }) => upload(escritosApi.subir, { fields: { nombre }, file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.escritos }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(escritosApi.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.escritos }),
  });
}

/** The escrito saved among the case's documents: the documents, the case's counts and the search change. */
export function useGenerateEscrito(casoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { plantilla: string; valores: Record<string, string>; nombre: string }) => call(escritosApi.generar, { params: { id: casoId }, body: input }),
    onSuccess: () =>
      Promise.all([resourceKeys.documentos, resourceKeys.casos, resourceKeys.search, resourceKeys.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Where a template's .docx downloads from (the session's cookie goes with it). */
export const templateFileUrl = (plantilla: string) => fileUrl(escritosApi.archivo, {}, { plantilla });

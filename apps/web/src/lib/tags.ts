import type { EtiquetaCreateInput } from '@bufete/shared/notas';
import { etiquetasApi } from '@bufete/shared/api/notas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

/** The lawyer's tags: one list shared by notes and appointments (components/tags picks from it). */
export function useTags() {
  return useQuery({ queryKey: resourceKeys.etiquetas, queryFn: async () => (await call(etiquetasApi.list)).items });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EtiquetaCreateInput) => (await call(etiquetasApi.create, { body: input })).etiqueta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.etiquetas }),
  });
}

/** A deleted tag leaves every note and appointment that carried it. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(etiquetasApi.remove, { params: { id } }),
    onSuccess: () => {
      for (const area of [resourceKeys.etiquetas, resourceKeys.notas, resourceKeys.calendario]) void queryClient.invalidateQueries({ queryKey: area });
    },
  });
}

import { partesApi } from '@bufete/shared/api/partes';
import type { ParteInput } from '@bufete/shared/partes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const partyKeys = { ofCase: (casoId: string) => [...resourceKeys.partes, 'caso', casoId] as const };

export function useCaseParties(casoId: string, enabled = true) {
  return useQuery({ queryKey: partyKeys.ofCase(casoId), queryFn: async () => (await call(partesApi.list, { params: { id: casoId } })).items, enabled });
}

/** A change to a party refreshes the parties, the case (its history), the conflict checks and the search. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([resourceKeys.partes, resourceKeys.casos, resourceKeys.search].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveParty(casoId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ParteInput }) =>
      id ? call(partesApi.update, { params: { id }, body: input }) : call(partesApi.create, { params: { id: casoId }, body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteParty() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => call(partesApi.remove, { params: { id } }), onSuccess: invalidate });
}

import { iaApi } from '@bufete/shared/api/ia';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const aiKeys = {
  all: resourceKeys.asistente,
  status: ['ia', 'estado'] as const,
  sessions: ['ia', 'sesiones'] as const,
  context: ['ia', 'contexto'] as const,
};

/** Usage (get_ai_usage_stats) and the model that answers. */
export function useAiStatus() {
  return useQuery({ queryKey: aiKeys.status, queryFn: () => call(iaApi.status) });
}

/** 'Chats guardados': the 10 most recent conversations. */
export function useAiSessions() {
  return useQuery({ queryKey: aiKeys.sessions, queryFn: async () => (await call(iaApi.sessions)).items });
}

/** The 50 newest documents and cases, for 'Seleccionar contexto para IA' (loaded when it opens). */
export function useAiContextOptions(enabled: boolean) {
  return useQuery({ queryKey: aiKeys.context, queryFn: () => call(iaApi.contextOptions), enabled, staleTime: 30_000 });
}

/** Title ('Guardar chat') or favourite: the list is read again after each (spec). */
export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; title?: string; is_favorite?: boolean }) => call(iaApi.updateSession, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiKeys.sessions }),
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(iaApi.removeSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiKeys.sessions }),
  });
}

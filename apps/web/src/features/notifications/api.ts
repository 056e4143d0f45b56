import { notificacionesApi } from '@bufete/shared/api/notificaciones';
import { NOTIFICACIONES_INTERVALO_MS } from '@bufete/shared/values/notificaciones';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const notificationKeys = { all: resourceKeys.notificaciones };

/** The newest notifications and the unread count; asked again every 30 s and when the window regains focus. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => call(notificacionesApi.list, { query: {}, signal }),
    refetchInterval: NOTIFICACIONES_INTERVALO_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(notificacionesApi.read, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificacionesApi.readAll, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

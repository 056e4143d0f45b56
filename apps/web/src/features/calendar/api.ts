import type { EventoSaveInput } from '@bufete/shared/calendario';
import { calendarioApi } from '@bufete/shared/api/calendario';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

/** Every calendar query starts with 'calendario': a change refreshes the views, the list, the stats and a case's appointments. */
export const calendarKeys = {
  all: resourceKeys.calendario,
  range: (desde: string, hasta: string, mios = false) => ['calendario', 'rango', desde, hasta, mios] as const,
  upcoming: (filters: { caso_id?: string; cliente_id?: string; mios?: '1' }) => ['calendario', 'proximos', filters] as const,
  summary: ['calendario', 'resumen'] as const,
  google: ['calendario', 'google'] as const,
  feed: ['calendario', 'feed'] as const,
  diagnostic: ['calendario', 'diagnostico'] as const,
};

/** Appointments overlapping [desde, hasta) (a week, or the 6 weeks of a month). */
export function useEventRange(desde: string, hasta: string, options: { enabled?: boolean; refetchInterval?: number; mios?: boolean } = {}) {
  const mios = options.mios ?? false;
  return useQuery({
    queryKey: calendarKeys.range(desde, hasta, mios),
    queryFn: async ({ signal }) => (await call(calendarioApi.list, { query: { desde, hasta, mios: mios ? '1' : undefined }, signal })).items,
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

export function useUpcomingEvents(filters: { caso_id?: string; cliente_id?: string; mios?: '1' } = {}, enabled = true) {
  return useQuery({ queryKey: calendarKeys.upcoming(filters), queryFn: async () => (await call(calendarioApi.upcoming, { query: filters })).items, enabled });
}

export function useCalendarSummary() {
  return useQuery({ queryKey: calendarKeys.summary, queryFn: () => call(calendarioApi.summary) });
}

export function useGoogleStatus() {
  return useQuery({ queryKey: calendarKeys.google, queryFn: () => call(calendarioApi.google) });
}

function useInvalidateCalendar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: calendarKeys.all });
}

/** Create (no id) or update an appointment; every view is read again after it (spec: events refetched after each change). */
export function useSaveEvent() {
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: EventoSaveInput }) =>
      (id ? await call(calendarioApi.update, { params: { id }, body: input }) : await call(calendarioApi.create, { body: input })).evento,
    onSuccess: invalidate,
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateCalendar();
  return useMutation({ mutationFn: (id: string) => call(calendarioApi.remove, { params: { id } }), onSuccess: invalidate });
}

export function useSyncGoogle() {
  const invalidate = useInvalidateCalendar();
  return useMutation({ mutationFn: () => call(calendarioApi.sync), onSettled: invalidate });
}

export function useDisconnectGoogle() {
  const invalidate = useInvalidateCalendar();
  return useMutation({ mutationFn: () => call(calendarioApi.disconnect), onSettled: invalidate });
}

/** Starts OAuth: the server makes the state and gives the Google address to go to. */
export function useConnectGoogle() {
  return useMutation({ mutationFn: async () => (await call(calendarioApi.connect)).url });
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.feed, queryFn: async () => (await call(calendarioApi.feed)).url, enabled });
}

export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarioApi.regenerateFeed),
    onSuccess: (result) => queryClient.setQueryData(calendarKeys.feed, result.url),
  });
}

import type { CalendarioPreset } from '@bufete/shared/plazos-calculo';
import type { AgendarPlazoInput, PlazoQueryInput, ReglaPropiaInput } from '@bufete/shared/plazos';
import { plazosApi } from '@bufete/shared/api/plazos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const plazoKeys = {
  calendarios: ['plazos', 'calendarios'] as const,
  reglas: ['plazos', 'reglas'] as const,
};

/** The lawyer's own rules (the catalogue ships with the code: reglas-plazo.ts). */
export function useReglasPropias(enabled = true) {
  return useQuery({ queryKey: plazoKeys.reglas, queryFn: async () => (await call(plazosApi.reglas)).items, enabled, staleTime: 60_000 });
}

export function useCrearRegla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReglaPropiaInput) => call(plazosApi.crearRegla, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plazoKeys.reglas }),
  });
}

export function useEliminarRegla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(plazosApi.eliminarRegla, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plazoKeys.reglas }),
  });
}

/** The presets and the lawyer's own calendars of días inhábiles. */
export function useCalendariosPlazos(enabled = true) {
  return useQuery({ queryKey: plazoKeys.calendarios, queryFn: async () => (await call(plazosApi.calendarios)).items, enabled, staleTime: 60_000 });
}

/** Counts a plazo (on the server, over its calendar rows). */
export function useCalcularPlazo() {
  return useMutation({ mutationFn: (query: PlazoQueryInput) => call(plazosApi.calcular, { query }) });
}

/** Puts the due date (and the notice before it) on the calendar. */
export function useAgendarPlazo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgendarPlazoInput) => call(plazosApi.agendar, { body }),
    // The calendar shows it; an actuación lists the terms counted from it.
    onSuccess: () => Promise.all([resourceKeys.calendario, resourceKeys.actuaciones, resourceKeys.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useCrearCalendario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { nombre: string; base: CalendarioPreset }) => call(plazosApi.crearCalendario, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plazoKeys.calendarios }),
  });
}

export function useAgregarDia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; fecha: string; motivo: string }) => call(plazosApi.agregarDia, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plazoKeys.calendarios }),
  });
}

/** Counts a scheduled plazo again and moves its appointments to the new due date. */
export function useMoverPlazo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(plazosApi.mover, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.calendario }),
  });
}

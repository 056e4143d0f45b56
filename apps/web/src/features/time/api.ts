import type { EntradaCreateInput, EntradasTarifaInput, EntradaUpdateInput } from '@bufete/shared/tiempo';
import { tiempoApi } from '@bufete/shared/api/tiempo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Entrada } from '@bufete/shared/tiempo';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const timeKeys = {
  all: resourceKeys.tiempo,
  list: (filters: { caso_id?: string; cliente_id?: string; sin_facturar?: '1' }) => ['tiempo', 'list', filters] as const,
  timer: ['tiempo', 'temporizador'] as const,
};

export function useTimeEntries(filters: { caso_id?: string; cliente_id?: string; sin_facturar?: '1' }) {
  return useQuery({ queryKey: timeKeys.list(filters), queryFn: async () => (await call(tiempoApi.list, { query: filters })).items });
}

/** The running timer (on the server: it survives reloads). */
export function useTimer() {
  return useQuery({ queryKey: timeKeys.timer, queryFn: async () => (await call(tiempoApi.timer)).temporizador });
}

function useInvalidateTime() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: timeKeys.all });
}

export function useStartTimer() {
  const invalidate = useInvalidateTime();
  return useMutation({ mutationFn: (body: { caso_id: string; descripcion: string }) => call(tiempoApi.startTimer, { body }), onSuccess: invalidate });
}

export function useStopTimer() {
  const invalidate = useInvalidateTime();
  return useMutation({ mutationFn: async (descripcion: string) => (await call(tiempoApi.stopTimer, { body: { descripcion } })).entrada, onSuccess: invalidate });
}

export function useDiscardTimer() {
  const invalidate = useInvalidateTime();
  return useMutation({ mutationFn: () => call(tiempoApi.discardTimer), onSuccess: invalidate });
}

export function useCreateEntry() {
  const invalidate = useInvalidateTime();
  return useMutation({ mutationFn: async (input: EntradaCreateInput) => (await call(tiempoApi.create, { body: input })).entrada, onSuccess: invalidate });
}

export function useDeleteEntry() {
  const invalidate = useInvalidateTime();
  return useMutation({ mutationFn: (id: string) => call(tiempoApi.remove, { params: { id } }), onSuccess: invalidate });
}

export function useUpdateEntry() {
  const invalidate = useInvalidateTime();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: EntradaUpdateInput }) => (await call(tiempoApi.update, { params: { id }, body: input })).entrada,
    onSuccess: invalidate,
  });
}

/** Gives a rate to entries kept without one; the entries as they are now. */
export function useSetRate() {
  const invalidate = useInvalidateTime();
  return useMutation({ mutationFn: async (input: EntradasTarifaInput) => (await call(tiempoApi.setRate, { body: input })).items, onSuccess: invalidate });
}

/**
 * A timer started from the top bar's dialog asks the chip that appears to take
 * the keyboard (the dialog's opener is gone by then): set by the dialog, taken
 * once by the chip.
 */
let chipFocusRequested = false;
export const requestChipFocus = () => {
  chipFocusRequested = true;
};
export function takeFocusRequest(): boolean {
  const requested = chipFocusRequested;
  chipFocusRequested = false;
  return requested;
}

/**
 * Time a stopped timer kept without a rate, whose rate is asked right after
 * (from the case's card or the top bar's chip, which is gone by then): the
 * top bar's slot, always there, shows the question.
 */
let stoppedWithoutRate: Entrada | null = null;
const listeners = new Set<() => void>();
export function askRateOf(entrada: Entrada | null) {
  stoppedWithoutRate = entrada;
  for (const listener of listeners) listener();
}
export function useStoppedWithoutRate(): Entrada | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => stoppedWithoutRate,
  );
}

import type { ActuacionCreateInput, ActuacionUpdateInput } from '@bufete/shared/actuaciones';
import type { BoletinConfirmacionInput } from '@bufete/shared/boletines';
import { boletinesApi } from '@bufete/shared/api/boletines';
import type { BoletinFuente } from '@bufete/shared/values/boletines';
import { actuacionesApi } from '@bufete/shared/api/actuaciones';
import { plazosApi } from '@bufete/shared/api/plazos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const proceedingKeys = {
  all: resourceKeys.actuaciones,
  ofCase: (casoId: string) => [...resourceKeys.actuaciones, 'caso', casoId] as const,
  today: [...resourceKeys.actuaciones, 'hoy'] as const,
};

/** The actuaciones registered today (the lawyer's midnight, on the server), asked for once the page has painted. */
export function useTodayProceedings(enabled: boolean) {
  return useQuery({ queryKey: proceedingKeys.today, queryFn: async () => (await call(actuacionesApi.list, { query: { nuevas: '1' } })).items, enabled });
}

/** The bulletins the lawyer follows, each with its last day read and what it brought them (the dashboard says it; Configuración shares the cache). */
export function useWatchedBulletins(enabled: boolean) {
  return useQuery({ queryKey: [...resourceKeys.boletines, 'fuentes'], queryFn: async () => (await call(boletinesApi.fuentes)).items, enabled });
}

/** The day a publication takes effect in this case (its court's calendar, its materia's law): the form proposes it. */
export function useEfectos(casoId: string, publicacion: string) {
  return useQuery({
    queryKey: ['plazos', 'efectos', casoId, publicacion],
    queryFn: () => call(plazosApi.efectos, { query: { caso_id: casoId, publicacion } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(publicacion),
    staleTime: 5 * 60_000,
  });
}

export function useCaseProceedings(casoId: string) {
  return useQuery({ queryKey: proceedingKeys.ofCase(casoId), queryFn: async () => (await call(actuacionesApi.list, { query: { caso_id: casoId } })).items });
}

/** A change to an actuación refreshes the case's list, its history and the search, and what its day moves: its plazos' appointments and the tasks counted from it. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [proceedingKeys.all, resourceKeys.casos, resourceKeys.search, resourceKeys.calendario, resourceKeys.tareas, resourceKeys.dashboard].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** A term marked for review: counted again from its actuación's day, or kept as it was counted. */
export function useReviewTerm() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'desde_actuacion' | 'mantener' }) => call(plazosApi.revisar, { params: { id }, body: { decision } }),
    onSuccess: invalidate,
  });
}

export function useCreateProceeding() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: async (input: ActuacionCreateInput) => (await call(actuacionesApi.create, { body: input })).actuacion, onSuccess: invalidate });
}

export function useUpdateProceeding() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: ActuacionUpdateInput }) => (await call(actuacionesApi.update, { params: { id }, body: input })).actuacion,
    onSuccess: invalidate,
  });
}

/** 'Visible para el cliente': the actuación shown in the client's portal, or not. */
export function useSetProceedingVisible() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, visible }: { id: string; visible: boolean }) => (await call(actuacionesApi.setVisible, { params: { id }, body: { visible } })).actuacion,
    onSuccess: invalidate,
  });
}

export function useDeleteProceeding() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => call(actuacionesApi.remove, { params: { id } }), onSuccess: invalidate });
}

/** A followed bulletin as Bufete read it this morning for the lawyer (the bell's link): its matches, to confirm. */
export function useReceivedBulletin(fuente: BoletinFuente | null, dia: string | null) {
  return useQuery({
    queryKey: ['boletines', 'recibidos', fuente, dia],
    queryFn: () => call(boletinesApi.recibido, { query: { fuente: fuente!, dia: dia! } }),
    enabled: !!fuente && !!dia,
    retry: false,
  });
}

/** 'Revisar boletín': the bulletin's file or its pasted text, read against the lawyer's open cases (nothing is kept). */
export function useReviewBulletin() {
  return useMutation({
    mutationFn: (source: { file: File } | { texto: string }) =>
      'file' in source ? upload(boletinesApi.reviewFile, { fields: {}, file: source.file }) : call(boletinesApi.reviewText, { body: { texto: source.texto } }),
  });
}

export function useConfirmBulletin() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: BoletinConfirmacionInput) => call(boletinesApi.confirm, { body: input }), onSuccess: invalidate });
}

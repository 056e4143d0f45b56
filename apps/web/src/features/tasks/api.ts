import type { PlantillaAsuntoInput, TareaInput } from '@bufete/shared/tareas';
import { tareasApi } from '@bufete/shared/api/tareas';
import { escritosApi } from '@bufete/shared/api/escritos';
import type { TareaVista } from '@bufete/shared/values/tareas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

export const taskKeys = {
  all: resourceKeys.tareas,
  list: (vista: TareaVista, casoId: string | null, mios: boolean) => [...resourceKeys.tareas, 'list', vista, casoId, mios] as const,
  anchors: (casoId: string) => [...resourceKeys.tareas, 'anclas', casoId] as const,
  templates: [...resourceKeys.tareas, 'plantillas'] as const,
};

/** A tab of the 'Tareas' page, or a case's tasks, a page at a time; `mios`: only those given to the person signed in. */
export function useTasks(vista: TareaVista, casoId: string | null = null, enabled = true, mios = false) {
  return useInfiniteQuery({
    queryKey: taskKeys.list(vista, casoId, mios),
    initialPageParam: undefined as string | undefined,
    enabled,
    queryFn: ({ pageParam, signal }) => call(tareasApi.list, { query: { vista, caso_id: casoId ?? undefined, mios: mios ? '1' : undefined, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useAnchors(casoId: string | null) {
  return useQuery({ queryKey: taskKeys.anchors(casoId ?? ''), queryFn: async () => (await call(tareasApi.anclas, { query: { caso_id: casoId! } })).items, enabled: !!casoId });
}

/** A task's change shows on the page, the case, the dashboard (its day), the history and the search. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([resourceKeys.tareas, resourceKeys.dashboard, resourceKeys.casos, resourceKeys.search].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveTask() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TareaInput }) =>
      id ? call(tareasApi.update, { params: { id }, body: input }) : call(tareasApi.create, { body: input }),
    onSuccess: invalidate,
  });
}

export function useToggleTask() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ id, hecha }: { id: string; hecha: boolean }) => call(tareasApi.hecha, { params: { id }, body: { hecha } }), onSuccess: invalidate });
}

export function useDeleteTask() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => call(tareasApi.remove, { params: { id } }), onSuccess: invalidate });
}

export function useMatterTemplates(enabled = true) {
  return useQuery({ queryKey: taskKeys.templates, queryFn: async () => (await call(tareasApi.plantillas)).items, enabled });
}

export function useApplyTemplate(casoId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { plantilla: string; desde: string }) => call(tareasApi.aplicarPlantilla, { params: { id: casoId }, body: input }),
    onSuccess: invalidate,
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PlantillaAsuntoInput }) =>
      id ? call(tareasApi.editarPlantilla, { params: { id }, body: input }) : call(tareasApi.crearPlantilla, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.templates }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(tareasApi.eliminarPlantilla, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.templates }),
  });
}

/** The escrito templates' names (the escritos a matter template lists), from the same cache entry 'Generar escrito' reads. */
export function useEscritoNames(enabled = true) {
  return useQuery({
    queryKey: [...resourceKeys.escritos, 'plantillas'],
    queryFn: async () => (await call(escritosApi.plantillas)).items,
    enabled,
    select: (items) => new Map(items.map((item) => [item.id, item.nombre])),
  });
}

import { casosApi } from '@bufete/shared/api/casos';
import { clientesApi } from '@bufete/shared/api/clientes';
import { documentosApi } from '@bufete/shared/api/documentos';
import { equipoApi } from '@bufete/shared/api/equipo';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

/**
 * The lawyer's cases and clients as choices for a select (id and name): used
 * by every form and filter that links a record to a case or a client. Kept
 * under each area's root, so any change to cases or clients refreshes them.
 */
export const optionKeys = {
  cases: [...resourceKeys.casos, 'options'] as const,
  clients: [...resourceKeys.clientes, 'options'] as const,
  caseDocuments: (casoId: string) => [...resourceKeys.documentos, 'options', casoId] as const,
};

export function useCaseOptions() {
  return useQuery({ queryKey: optionKeys.cases, queryFn: async () => (await call(casosApi.options)).items });
}

/**
 * The despacho's people (its titular first), for the responsible of a case:
 * asked once and kept, since a team changes seldom. One person alone is a
 * despacho with nobody to choose.
 */
export function usePeopleOptions() {
  return useQuery({ queryKey: ['personas'], queryFn: async () => (await call(equipoApi.personas)).items, staleTime: 5 * 60_000 });
}

/**
 * The despacho's people when there is a team, or null for a lawyer alone:
 * where 'Responsable', 'Asignada a', 'Privada' and 'Míos' mean something.
 */
export function useTeam(): { id: string; nombre: string }[] | null {
  const people = usePeopleOptions().data;
  return people && people.length > 1 ? people : null;
}

export function useClientOptions() {
  return useQuery({ queryKey: optionKeys.clients, queryFn: async () => (await call(clientesApi.options)).items });
}

/** A case's documents as choices (the latest hundred): what an actuación can point to. */
export function useCaseDocumentOptions(casoId: string, enabled = true) {
  return useQuery({
    queryKey: optionKeys.caseDocuments(casoId),
    queryFn: async () => (await call(documentosApi.list, { query: { caso_id: casoId, limit: 100 } })).items.map((documento) => ({ id: documento.id, nombre: documento.nombre })),
    enabled,
  });
}

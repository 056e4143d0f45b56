import { casosApi } from '@bufete/shared/api/casos';
import { clientesApi } from '@bufete/shared/api/clientes';
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
};

export function useCaseOptions() {
  return useQuery({ queryKey: optionKeys.cases, queryFn: async () => (await call(casosApi.options)).items });
}

export function useClientOptions() {
  return useQuery({ queryKey: optionKeys.clients, queryFn: async () => (await call(clientesApi.options)).items });
}

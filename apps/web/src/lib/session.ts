import type { SessionPayload } from '@bufete/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user and profile, or null; `loading` is true until the first check ends. */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => (await api<{ session: SessionPayload | null }>('/account/session')).session,
    staleTime: 60_000,
  });
  return { session: query.data ?? null, loading: query.isPending };
}

/** Re-reads the session after sign-in, sign-out, confirmation or reset. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
  };
}

/** Signs out, forgets every cached record of that user, and leaves the session empty. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await api('/account/sign-out', { method: 'POST', body: {} });
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, null);
  };
}

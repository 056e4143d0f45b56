import { dashboardApi } from '@bufete/shared/api/dashboard';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

/** The dashboard's numbers: any feature that changes them invalidates this key. */
export const dashboardKeys = { all: resourceKeys.dashboard };

const summaryQuery = { queryKey: dashboardKeys.all, queryFn: () => call(dashboardApi.summary) };

export function useDashboard() {
  return useQuery(summaryQuery);
}

/**
 * Asks for the summary as the app opens at /dashboard, in parallel with the
 * session check. Without a session it fails quietly (401) and the guard sends
 * the visitor to /login; nothing is kept.
 */
export function prefetchDashboard(queryClient: QueryClient) {
  void queryClient.prefetchQuery({ ...summaryQuery, retry: false });
}

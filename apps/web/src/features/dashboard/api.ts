import { dashboardApi } from '@bufete/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';

/** The dashboard's numbers: any feature that changes them invalidates this key. */
export const dashboardKeys = { all: ['dashboard'] as const };

export function useDashboard() {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: () => call(dashboardApi.summary) });
}

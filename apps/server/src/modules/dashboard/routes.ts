import { dashboardApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { DashboardService } from './service';

export function dashboardRoutes({ on }: Router, { dashboard }: { dashboard: DashboardService }) {
  on(dashboardApi.summary, async ({ user }) => dashboard.summary(user.id));
}

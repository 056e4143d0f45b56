import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import type { DashboardService } from './service';

export function dashboardRoutes(deps: { auth: Auth; dashboard: DashboardService }) {
  return new Hono<AppEnv>().use(requireUser(deps.auth)).get('/', async (c) => c.json(await deps.dashboard.summary(c.get('user').id)));
}

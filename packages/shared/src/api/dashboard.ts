import { dashboardSchema } from '../dashboard';
import { endpoint } from '../endpoint';

/** The dashboard endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const dashboardApi = {
  /** The four stat cards and the 5 most recent cases (spec part 1, 2.11). */
  summary: endpoint({ method: 'GET', path: '/dashboard', auth: 'user', response: dashboardSchema }),
};

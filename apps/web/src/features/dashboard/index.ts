import { lazyWithPreload } from '@/lib/lazy';

export const DashboardPage = lazyWithPreload(() => import('./DashboardPage'));
export { dashboardKeys, prefetchDashboard } from './api';

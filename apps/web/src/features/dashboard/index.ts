import { lazy } from 'react';

export const DashboardPage = lazy(() => import('./DashboardPage'));
export { dashboardKeys } from './api';

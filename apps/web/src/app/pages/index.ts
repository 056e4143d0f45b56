import { lazyWithPreload } from '@/lib/lazy';

/**
 * Pages that combine several features, composed here from each feature's
 * public entry: features never import each other (eslint.config.js). Each is
 * its own chunk, like every screen.
 */
export const CaseDetailPage = lazyWithPreload(() => import('./CaseDetailPage'));
export const ClientDetailPage = lazyWithPreload(() => import('./ClientDetailPage'));
export const DashboardPage = lazyWithPreload(() => import('./DashboardPage'));
export const SettingsPage = lazyWithPreload(() => import('./SettingsPage'));

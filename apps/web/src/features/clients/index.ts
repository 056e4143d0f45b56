import { lazy } from 'react';

export const ClientsPage = lazy(() => import('./ClientsPage'));
export const ClientDetailPage = lazy(() => import('./ClientDetailPage'));
export { clientKeys, useClientOptions } from './api';
export { ClientSelect } from './ClientSelect';

import { lazyWithPreload } from '@/lib/lazy';

export const ClientsPage = lazyWithPreload(() => import('./ClientsPage'));
export const ClientDetailPage = lazyWithPreload(() => import('./ClientDetailPage'));
export { clientKeys, useClientOptions } from './api';
export { ClientSelect } from './ClientSelect';

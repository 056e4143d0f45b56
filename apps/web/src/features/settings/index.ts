import { lazyWithPreload } from '@/lib/lazy';

export const SettingsPage = lazyWithPreload(() => import('./SettingsPage'));

import { lazyWithPreload } from '@/lib/lazy';

/** Settings: the tabs of Configuración (the page, which also shows the calendar's rows, is composed in app/pages). */
// Each tab's code loads when it first shows; the page's HTML preloads Perfil's, the one it opens on
// (apps/web/prerender.ts), so the page's header paints without waiting for it (docs/decisions/0028).
export const ProfileTab = lazyWithPreload(async () => ({ default: (await import('./ProfileTab')).ProfileTab }));
export const SecurityTab = lazyWithPreload(async () => ({ default: (await import('./SecurityTab')).SecurityTab }));
export const DataTab = lazyWithPreload(async () => ({ default: (await import('./DataTab')).DataTab }));
export const PreferencesTab = lazyWithPreload(async () => ({ default: (await import('./PreferencesTab')).PreferencesTab }));
export { OnlinePaymentsCard } from './OnlinePaymentsCard';

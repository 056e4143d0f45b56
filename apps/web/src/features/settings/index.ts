import { lazyWithPreload } from '@/lib/lazy';

/** Settings: the tabs of Configuración (the page, which also shows the calendar's rows, is composed in app/pages). */
export { ProfileTab } from './ProfileTab';
// The other tabs load when first shown: Configuración opens on Perfil (docs/decisions/0028).
export const SecurityTab = lazyWithPreload(async () => ({ default: (await import('./SecurityTab')).SecurityTab }));
export const DataTab = lazyWithPreload(async () => ({ default: (await import('./DataTab')).DataTab }));
export const PreferencesTab = lazyWithPreload(async () => ({ default: (await import('./PreferencesTab')).PreferencesTab }));

import { lazyWithPreload } from '@/lib/lazy';

/** The despacho and its team (issue 46): Configuración → Equipo, the invitation page, and the top bar's switcher. */
export const TeamTab = lazyWithPreload(async () => ({ default: (await import('./TeamTab')).TeamTab }));
export const InvitationPage = lazyWithPreload(() => import('./InvitationPage'));
export { DespachoSwitcher } from './DespachoSwitcher';
export { takePendingInvitation } from './pending';

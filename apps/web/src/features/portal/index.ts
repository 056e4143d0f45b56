import { lazyWithPreload } from '@/lib/lazy';

/** The client's portal (issue 38): its own screens, outside the lawyer's shell. */
export const PortalPage = lazyWithPreload(() => import('./PortalPage'));
export const PortalSignInPage = lazyWithPreload(() => import('./PortalSignInPage'));
export const PortalCasePage = lazyWithPreload(() => import('./PortalCasePage'));
export { CaseMessages } from './CaseMessages';
export const PortalPaymentPage = lazyWithPreload(() => import('./PortalPaymentPage'));

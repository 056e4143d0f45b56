import { lazyWithPreload } from '@/lib/lazy';

export const LandingPage = lazyWithPreload(() => import('./LandingPage'));

import { lazyWithPreload } from '@/lib/lazy';

export const TestAuthPage = lazyWithPreload(() => import('./TestAuthPage'));
export const TestEmailPage = lazyWithPreload(() => import('./TestEmailPage'));

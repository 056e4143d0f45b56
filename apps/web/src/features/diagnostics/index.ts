import { lazy } from 'react';

export const TestAuthPage = lazy(() => import('./TestAuthPage'));
export const TestEmailPage = lazy(() => import('./TestEmailPage'));

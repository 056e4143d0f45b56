import { lazy } from 'react';

export const LandingPage = lazy(() => import('./LandingPage'));

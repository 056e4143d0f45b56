import { lazy } from 'react';

/** The AI legal assistant (spec part 2). */
export const AssistantPage = lazy(() => import('./AssistantPage'));
export { aiKeys } from './api';

import { lazyWithPreload } from '@/lib/lazy';

/** The AI legal assistant (spec part 2). */
export const AssistantPage = lazyWithPreload(() => import('./AssistantPage'));
export { aiKeys } from './api';

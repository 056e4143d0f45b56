import { lazyWithPreload } from '@/lib/lazy';

/** The cases feature: its screens (each its own chunk), and what other features use of it. */
export const CasesPage = lazyWithPreload(() => import('./CasesPage'));
export const NewCasePage = lazyWithPreload(() => import('./NewCasePage'));
export const CaseDetailPage = lazyWithPreload(() => import('./CaseDetailPage'));
export { caseKeys, useCaseOptions } from './api';
export { ESTADO_BADGE, PRIORIDAD_BADGE } from './badges';
export { CaseSelect } from './CaseSelect';
export { ClientCases } from './ClientCases';

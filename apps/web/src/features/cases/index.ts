import { lazyWithPreload } from '@/lib/lazy';

/** The cases feature: its screens (each its own chunk), and what other features use of it. */
export const CasesPage = lazyWithPreload(() => import('./CasesPage'));
export const NewCasePage = lazyWithPreload(() => import('./NewCasePage'));
export { caseKeys, useCase, useCaseCounts, useCaseHistory, useDeleteCase } from './api';
export { CaseBadges } from './CaseBadges';
export { EditCaseDialog } from './EditCaseDialog';
export { ESTADO_BADGE, PRIORIDAD_BADGE } from './badges';
export { ClientCases } from './ClientCases';

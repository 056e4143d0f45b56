import { lazy } from 'react';

/** The cases feature: its screens (each its own chunk), and what other features use of it. */
export const CasesPage = lazy(() => import('./CasesPage'));
export const NewCasePage = lazy(() => import('./NewCasePage'));
export const CaseDetailPage = lazy(() => import('./CaseDetailPage'));
export { caseKeys, useCaseOptions } from './api';
export { ESTADO_BADGE, PRIORIDAD_BADGE } from './badges';
export { CaseSelect } from './CaseSelect';
export { ClientCases } from './ClientCases';

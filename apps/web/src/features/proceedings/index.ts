import { lazyWithPreload } from '@/lib/lazy';

/** A case's actuaciones: what the court published in it, and the day's bulletin read against the cases (issue 35). */
export { CaseProceedings } from './CaseProceedings';
export { TodayProceedings } from './TodayProceedings';
export const BulletinPage = lazyWithPreload(() => import('./BulletinPage'));

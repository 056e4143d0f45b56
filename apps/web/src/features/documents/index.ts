import { lazyWithPreload } from '@/lib/lazy';

/** The documents feature: its screen (also /boveda) and what a case's or a client's page shows. */
export const DocumentsPage = lazyWithPreload(() => import('./DocumentsPage'));
export { CaseDocuments, ClientDocuments } from './CaseDocuments';
export { DocumentGrid } from './DocumentGrid';
export { DocumentUploadDialog } from './dialogs';
export { documentKeys } from './api';

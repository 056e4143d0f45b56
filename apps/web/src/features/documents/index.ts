import { lazyWithPreload } from '@/lib/lazy';

/** The documents feature: its screen (also /boveda), what a case page shows, and the viewer images use. */
export const DocumentsPage = lazyWithPreload(() => import('./DocumentsPage'));
export { CaseDocuments, ClientDocuments } from './CaseDocuments';
export { DocumentGrid } from './DocumentGrid';
export { DocumentUploadDialog } from './DocumentUploadDialog';
export { FileViewerDialog, type ViewableFile } from './viewer/FileViewerDialog';
export { useFileActions } from './viewer/useFileActions';
export { documentKeys } from './api';

import { lazyWithPreload } from '@/lib/lazy';

/** The notes feature: its screen and what a case's or a client's page shows of notes. */
export const NotesPage = lazyWithPreload(() => import('./NotesPage'));
export { CaseNotes, ClientNotes } from './CaseNotes';
export { NoteFormDialog } from './dialogs';
export { NoteGrid } from './NoteGrid';
export { noteKeys } from './api';

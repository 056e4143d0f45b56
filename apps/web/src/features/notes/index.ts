import { lazyWithPreload } from '@/lib/lazy';

/** The notes feature: its screen, what a case page shows of notes, and the tags other features pick from. */
export const NotesPage = lazyWithPreload(() => import('./NotesPage'));
export { CaseNotes, ClientNotes } from './CaseNotes';
export { NoteFormDialog } from './NoteFormDialog';
export { NoteGrid } from './NoteGrid';
export { TagChip, TagPicker } from './tags/TagPicker';
export { noteKeys, tagKeys, useTags } from './api';

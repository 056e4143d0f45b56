import { lazyDialog } from '@/components/ui/dialog';

/** The notes feature's dialogs: each loads, with its form (schemas and zod), the first time it opens (docs/decisions/0028). */
export const NoteFormDialog = lazyDialog(
  () => import('./NoteFormDialog').then((m) => m.NoteFormDialog),
  (props) => props.open,
);

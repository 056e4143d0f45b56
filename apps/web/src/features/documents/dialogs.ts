import { lazyDialog } from '@/components/ui/dialog';

/** The documents feature's dialogs: each loads, with its form (schemas and zod), the first time it opens (docs/decisions/0028). */
export const DocumentUploadDialog = lazyDialog(
  () => import('./DocumentUploadDialog').then((m) => m.DocumentUploadDialog),
  (props) => props.open,
);

import { lazyDialog } from '@/components/ui/dialog';

/** The calendar's dialogs: each loads, with its form (schemas and zod), the first time it opens (docs/decisions/0028). */
export const EventDialog = lazyDialog(
  () => import('./EventDialog').then((m) => m.EventDialog),
  (props) => props.target !== null,
);

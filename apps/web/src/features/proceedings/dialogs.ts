import { lazyDialog } from '@/components/ui/dialog';

/** The actuación's form loads, with the schemas and zod, the first time it opens (docs/decisions/0028). */
export const ProceedingDialog = lazyDialog(
  () => import('./ProceedingDialog').then((m) => m.ProceedingDialog),
  (props) => props.open,
);

import { type ComponentProps, lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/hooks';

// Loaded the first time a question is asked, like every dialog (./dialog.tsx).
const ConfirmDialogRadix = lazy(() => import('./confirm-dialog-radix'));

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog(props: ComponentProps<typeof ConfirmDialogRadix>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogRadix {...props} />
    </Suspense>
  );
}

import { type ComponentProps, lazy, Suspense } from 'react';
import { serverMessage } from '@/lib/api';
import { useOpenedOnce } from '@/lib/hooks';
import { toast } from '@/lib/toast';

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

/** What a confirmed action runs: a react-query mutation that takes nothing. */
interface ConfirmedAction<Result> {
  mutate(variables: undefined, callbacks: { onSuccess: (result: Result) => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
}

/**
 * The question before an action that takes nothing and cannot be undone
 * ('Quitar' a saved key, 'Regenerar' a link): on yes it runs `action`, closes
 * on success with `done` said, and says `failed` (or the server's own
 * message) when it fails, the question still open to try again.
 */
export function ConfirmActionDialog<Result>({
  action,
  done,
  failed,
  onDone,
  ...question
}: Omit<ComponentProps<typeof ConfirmDialogRadix>, 'busy' | 'onConfirm'> & {
  action: ConfirmedAction<Result>;
  done: string | ((result: Result) => string);
  failed: string;
  onDone?: (result: Result) => void;
}) {
  return (
    <ConfirmDialog
      {...question}
      busy={action.isPending}
      onConfirm={() =>
        action.mutate(undefined, {
          onSuccess: (result) => {
            question.onOpenChange(false);
            toast.success(typeof done === 'function' ? done(result) : done);
            onDone?.(result);
          },
          onError: (error) => toast.error(serverMessage(error, failed)),
        })
      }
    />
  );
}

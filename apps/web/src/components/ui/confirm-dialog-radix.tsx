import { AlertDialog as Primitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { useReturnFocus } from '@/lib/focus';
import { buttonVariants } from './button';
import { Spinner } from './spinner';

/** The question itself (Radix), loaded the first time it is asked: see ./confirm-dialog.tsx. */
export default function ConfirmDialogRadix({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Eliminar',
  busy = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Primitive.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-white p-6 shadow-xl"
        >
          <Primitive.Title className="text-lg font-semibold text-slate-900">{title}</Primitive.Title>
          <Primitive.Description className="mt-2 text-sm text-slate-600">{description}</Primitive.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Primitive.Cancel className={buttonVariants({ variant: 'outline' })} disabled={busy}>
              Cancelar
            </Primitive.Cancel>
            <Primitive.Action
              className={buttonVariants({ variant: 'destructive' })}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {busy ? <Spinner /> : null}
              {confirmLabel}
            </Primitive.Action>
          </div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}

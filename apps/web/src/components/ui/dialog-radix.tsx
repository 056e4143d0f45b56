import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useReturnFocus } from '@/lib/focus';
import { cn } from '@/lib/utils';

/** The dialog itself (Radix), loaded the first time a dialog opens: see ./dialog.tsx. */
export const DialogRoot = Primitive.Root;

/** A modal dialog; on close the focus goes back to whatever opened it. */
export function DialogContent({ className, children, ...props }: ComponentProps<typeof Primitive.Content>) {
  const returnFocus = useReturnFocus();
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <Primitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-xl border border-border bg-white p-6 shadow-xl',
          className,
        )}
        {...returnFocus}
        {...props}
      >
        {children}
        <Primitive.Close
          className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 sm:size-9"
          aria-label="Cerrar"
        >
          <X className="size-5 sm:size-4" aria-hidden />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-4 pr-8">
      <Primitive.Title className="text-lg font-semibold text-slate-900">{title}</Primitive.Title>
      {description ? (
        <Primitive.Description className="mt-1 text-sm text-slate-600">{description}</Primitive.Description>
      ) : (
        <Primitive.Description className="sr-only">{title}</Primitive.Description>
      )}
    </div>
  );
}

import type { Dialog as Primitive } from 'radix-ui';
import { type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/hooks';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';

// Every page has dialogs, all closed when it opens: the dialog library (~14 KB
// with its focus trap and scroll lock) loads the first time one opens, not
// with the page (bench/README.md, first load on a phone).
const radix = () => import('./dialog-radix');
/** Loads the dialog library ahead (a shortcut that opens a dialog: the keys typed next must land in it). */
export const preloadDialogs = () => void radix();
const Root = lazy(() => radix().then((parts) => ({ default: parts.DialogRoot })));
const Content = lazy(() => radix().then((parts) => ({ default: parts.DialogContent })));
const Header = lazy(() => radix().then((parts) => ({ default: parts.DialogHeader })));

/**
 * A dialog whose own code loads the first time it opens: a form brings its
 * schemas and zod (~26 KB compressed, the `schemas` chunk), which no page needs
 * to paint (docs/decisions/0028). Its module and the dialog library load
 * together. `isOpen` reads, from the props, whether it is open (`open`, or
 * the record it shows).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Loaded = lazy(() => Promise.all([load(), radix()]).then(([component]) => ({ default: component })));
  return function DeferredDialog(props: P) {
    if (!useOpenedOnce(isOpen(props))) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** A modal dialog, controlled by `open`. */
export function Dialog({ open, children, ...props }: ComponentProps<typeof Primitive.Root>) {
  if (!useOpenedOnce(open)) return null;
  return (
    <Suspense fallback={null}>
      <Root open={open} {...props}>
        {children}
      </Root>
    </Suspense>
  );
}

/** The dialog's panel; on close the focus goes back to whatever opened it. */
export function DialogContent(props: ComponentProps<typeof Primitive.Content>) {
  return <Content {...props} />;
}

export function DialogHeader(props: { title: ReactNode; description?: ReactNode }) {
  return <Header {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/** A form dialog's two buttons: leave without saving, and send the form (a spinner while it goes). */
export function FormDialogFooter({
  onCancel,
  submitLabel,
  submitting,
  disabled = false,
  cancelLabel = 'Cancelar',
  destructive = false,
}: {
  onCancel: () => void;
  submitLabel: ReactNode;
  submitting: boolean;
  disabled?: boolean;
  cancelLabel?: string;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={disabled || submitting}>
        {submitting ? <Spinner /> : null} {submitLabel}
      </Button>
    </DialogFooter>
  );
}

import { Popover as Primitive } from 'radix-ui';
import { lazy, type RefObject, Suspense } from 'react';
import { Spinner } from './spinner';

// The month grid (react-day-picker) loads with the popover, when a calendar is first opened.
const CalendarGrid = lazy(() => import('./calendar-grid'));

/**
 * DateInput's calendar (Radix Popover with the month grid), loaded the first
 * time a calendar is opened: a form with dates does not carry the popover
 * library to its first paint. Anchored to the field; its own button toggles it.
 */
export default function DatePopover({
  anchor,
  open,
  onOpenChange,
  selected,
  onSelect,
  onClosed,
}: {
  anchor: RefObject<HTMLDivElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected?: string;
  onSelect: (day: string) => void;
  onClosed: () => void;
}) {
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Anchor virtualRef={anchor as RefObject<HTMLDivElement>} />
      <Primitive.Portal>
        <Primitive.Content
          align="start"
          sideOffset={6}
          className="z-50 rounded-xl border border-border bg-white p-3 shadow-lg"
          // The field's calendar button toggles the popover itself: a press on it is not "outside".
          onInteractOutside={(event) => {
            if (event.target instanceof Node && anchor.current?.contains(event.target)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <Suspense
            fallback={
              <div className="flex items-center gap-2 p-4 text-sm text-slate-600" role="status">
                <Spinner /> Cargando calendario...
              </div>
            }
          >
            <CalendarGrid selected={selected} onSelect={onSelect} />
          </Suspense>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}

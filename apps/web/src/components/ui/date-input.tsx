import { CalendarDays } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { parseTypedDate, toTypedDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useOpenedOnce } from '@/lib/hooks';

// The calendar (its popover and month grid) loads the first time it is opened.
const DatePopover = lazy(() => import('./date-popover'));

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  /** The day as YYYY-MM-DD; '' for none; what was typed while it is not yet a date. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date field that reads Spanish whatever the browser's language: the day is
 * typed as dd/mm/aaaa (or picked from a Monday-first calendar in Spanish) and
 * handed to the form as YYYY-MM-DD. What cannot be a date is passed on as
 * typed, so the form's schema answers with its Spanish message.
 */
export function DateInput({ value, onChange, onBlur, className, id, disabled, ...props }: Props) {
  const [text, setText] = useState(() => toTypedDate(value));
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLDivElement>(null);

  // A value set from outside (a reset, a case's saved date) shows as typed text.
  useEffect(() => {
    if (parseTypedDate(text) !== value && text !== value) setText(toTypedDate(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value changes from outside
  }, [value]);

  const commit = (typed: string) => {
    setText(typed);
    if (!typed.trim()) return onChange('');
    const day = parseTypedDate(typed);
    onChange(day ?? typed);
  };

  return (
    <>
      <div ref={field} className={cn('relative', className)}>
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/aaaa"
          value={text}
          disabled={disabled}
          onChange={(event) => commit(event.target.value)}
          onBlur={(event) => {
            const day = parseTypedDate(text);
            if (day) setText(toTypedDate(day));
            onBlur?.(event);
          }}
          className={cn(
            'flex h-11 w-full rounded-lg border border-border bg-white py-2 pr-11 pl-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 sm:h-10 sm:text-sm',
            'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
            'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive',
          )}
          {...props}
        />
        <button
          type="button"
          disabled={disabled}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen((current) => !current)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
          aria-label="Elegir en el calendario"
        >
          <CalendarDays className="size-4" aria-hidden />
        </button>
      </div>
      {opened ? (
        <Suspense fallback={null}>
          <DatePopover
            anchor={field}
            open={open}
            onOpenChange={setOpen}
            selected={parseTypedDate(text) ?? undefined}
            onSelect={(day) => {
              commit(toTypedDate(day));
              setOpen(false);
            }}
            onClosed={() => input.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}

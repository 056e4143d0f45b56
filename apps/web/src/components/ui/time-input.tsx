import { type ComponentProps, useEffect, useState } from 'react';
import { parseTypedTime } from '@/lib/format';
import { cn } from '@/lib/utils';

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & { value: string; onChange: (value: string) => void };

/** A time in 24 hours (HH:MM) whatever the browser's language: no AM/PM. */
export function TimeInput({ value, onChange, onBlur, className, ...props }: Props) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (parseTypedTime(text) !== value) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value changes from outside
  }, [value]);
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="hh:mm"
      maxLength={5}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseTypedTime(event.target.value) ?? event.target.value);
      }}
      onBlur={(event) => {
        const time = parseTypedTime(text);
        if (time) setText(time);
        onBlur?.(event);
      }}
      className={cn(
        'flex h-11 w-full rounded-lg border border-border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 sm:h-10 sm:text-sm',
        'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

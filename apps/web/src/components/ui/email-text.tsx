import { Fragment } from 'react';
import { cn } from '@/lib/utils';

/**
 * An email address that, when it does not fit, wraps after its '@' or before
 * a '.', never in the middle of a word (and only mid-word if one part alone is
 * wider than the screen).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className={cn('[overflow-wrap:anywhere] [word-break:normal]', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

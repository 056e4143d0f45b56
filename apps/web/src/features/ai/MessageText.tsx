import { Fragment } from 'react';

/**
 * A message as the spec shows it, line by line: a line wrapped in double
 * asterisks is bold, a line starting with '- ' is a list item, a blank line
 * is a break. Everything is text (never HTML).
 */
export function MessageText({ content }: { content: string }) {
  const lines = content.split('\n');
  return (
    <div className="space-y-1 text-sm leading-relaxed break-words">
      {lines.map((line, index) => {
        const trimmed = line.trim();
        if (!trimmed) return <div key={index} className="h-2" aria-hidden />;
        const bold = /^\*\*(.+)\*\*$/.exec(trimmed);
        if (bold)
          return (
            <p key={index} className="font-semibold">
              {bold[1]}
            </p>
          );
        if (trimmed.startsWith('- ')) {
          return (
            <p key={index} className="flex gap-2 pl-1">
              <span aria-hidden>•</span>
              <span className="min-w-0">{withMarks(trimmed.slice(2))}</span>
            </p>
          );
        }
        return <p key={index}>{withMarks(line)}</p>;
      })}
    </div>
  );
}

/** Highlights the assistant's own marks: '(cita no verificada)' in amber. */
function withMarks(text: string) {
  const parts = text.split(/(\(cita no verificada\))/);
  return parts.map((part, index) =>
    part === '(cita no verificada)' ? (
      <mark key={index} className="rounded bg-amber-100 px-1 text-amber-900">
        {part}
      </mark>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

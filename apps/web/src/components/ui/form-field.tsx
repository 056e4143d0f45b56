import { cloneElement, isValidElement, type ReactNode } from 'react';
import { Label } from './label';

/**
 * Label, control and the field's validation message, wired for screen readers:
 * the control (when it is one element that takes them: an input, select or
 * text area, or a component passing them on) is marked invalid and described
 * by the message, or by the hint while there is none.
 */
export function FormField({ id, label, error, children, hint }: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode }) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const control =
    isValidElement<{ 'aria-invalid'?: unknown; 'aria-describedby'?: unknown }>(children) && typeof children.type !== 'symbol'
      ? cloneElement(children, {
          'aria-invalid': children.props['aria-invalid'] ?? (error ? true : undefined),
          'aria-describedby': children.props['aria-describedby'] ?? describedBy,
        })
      : children;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { AlertCircle, CheckCircle2, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

const styles = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-blue-200 bg-blue-50 text-blue-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;
const icons = { error: AlertCircle, success: CheckCircle2, info: Info, warning: TriangleAlert } as const;

/** Inline message; errors are announced to screen readers. */
export function Alert({ variant = 'info', children, className }: { variant?: keyof typeof styles; children: ReactNode; className?: string }) {
  const Icon = icons[variant];
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cn('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm', styles[variant], className)}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * One figure of a summary (the dashboard's counts, Facturación's totals):
 * its label and icon, the value large, an optional line under it.
 * `testId` names the value for the journeys.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone,
  detail,
  testId,
  valueClassName,
  className,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone: string;
  detail?: ReactNode;
  testId: string;
  valueClassName?: string;
  className?: string;
}) {
  return (
    <Card className={cn('min-w-0 p-4 sm:p-5', className)}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className={`inline-flex size-9 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      <p className={cn('mt-2 font-bold text-slate-900', valueClassName ?? 'text-3xl')} data-testid={testId}>
        {value}
      </p>
      {detail ? <p className="mt-1 text-xs text-slate-600">{detail}</p> : null}
    </Card>
  );
}

import type { Urgency } from '@bufete/shared/dates';
import { AlarmClock, CalendarClock, CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

/** How close a due date is: red when past, amber within a week, quiet otherwise. */
export function UrgencyBadge({ urgency, className }: { urgency: Urgency; className?: string }) {
  const Icon = urgency.tone === 'overdue' ? CircleAlert : urgency.tone === 'soon' ? AlarmClock : CalendarClock;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        urgency.tone === 'overdue' && 'bg-red-100 text-red-800',
        urgency.tone === 'soon' && 'bg-amber-100 text-amber-900',
        urgency.tone === 'calm' && 'bg-slate-100 text-slate-700',
        className,
      )}
      data-urgency={urgency.tone}
    >
      <Icon className="size-3.5" aria-hidden />
      {urgency.label}
    </span>
  );
}

import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** An icon on a tinted square or circle, beside a title (settings, quick actions, status cards). Decorative. */
export function IconTile({ icon: Icon, className, iconClassName = 'size-5' }: { icon: LucideIcon; className: string; iconClassName?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center justify-center', className)}>
      <Icon className={iconClassName} aria-hidden />
    </span>
  );
}

import { Scale } from 'lucide-react';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center justify-center rounded-lg bg-brand text-white', className)} aria-hidden>
      <Scale className="size-[60%]" />
    </span>
  );
}

import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The spec's badge variants: default, secondary, destructive, success, warning; and outline for facts that are not a state (a case's materia). */
const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', {
  variants: {
    variant: {
      default: 'border-transparent bg-blue-100 text-blue-800',
      secondary: 'border-transparent bg-slate-100 text-slate-700',
      destructive: 'border-transparent bg-red-100 text-red-800',
      success: 'border-transparent bg-green-100 text-green-800',
      warning: 'border-transparent bg-amber-100 text-amber-800',
      outline: 'border-slate-300 bg-white text-slate-700',
    },
  },
  defaultVariants: { variant: 'default' },
});

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

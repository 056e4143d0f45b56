import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import { Card, CardContent, CardDescription, CardHeader } from './card';
import { cn } from '@/lib/utils';

/** A page outside the signed-in shell (diagnostics, the calendar callback): the brand, then one card with its title. */
export function StandalonePage({ title, description, children, narrow = false }: { title: string; description?: ReactNode; children: ReactNode; narrow?: boolean }) {
  return (
    <main className={cn('mx-auto px-4 py-10', narrow ? 'max-w-md' : 'max-w-2xl')}>
      <Link to="/" className="mb-6 flex w-fit items-center gap-2 text-brand" aria-label="Bufete, ir al inicio">
        <BrandMark className="size-8" />
        <span className="text-xl font-bold">Bufete</span>
      </Link>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </main>
  );
}

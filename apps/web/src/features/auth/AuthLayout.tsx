import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { BrandMark } from '@/components/ui/brand-mark';

/** The centred card shared by every account screen. */
export function AuthLayout({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-gradient-to-br from-slate-50 via-blue-50 to-slate-100 px-4 py-10">
      <main className="w-full max-w-md">
        <Link to="/" className="mx-auto mb-6 flex w-fit items-center gap-2 text-brand" aria-label="Bufete, ir al inicio">
          <BrandMark className="size-9" />
          <span className="text-2xl font-bold tracking-tight">Bufete</span>
        </Link>
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl leading-tight font-semibold text-slate-900">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </main>
    </div>
  );
}

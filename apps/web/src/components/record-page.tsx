import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FullPageLoader } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';

export interface NotFoundText {
  icon: LucideIcon;
  title: string;
  /** Not the lawyer's, or gone (a 404, or a sample id that is not the sample). */
  text: string;
  /** It could not be loaded (network, server): worth trying again. */
  failed: string;
  back: { to: string; label: string };
}

/** The page of a record that is not there: what happened, and the way back to its list. */
export function NotFoundCard({ notFound, failed }: { notFound: NotFoundText; failed: boolean }) {
  const Icon = notFound.icon;
  return (
    <Card className="mx-auto mt-8 max-w-lg p-8 text-center">
      <Icon className="mx-auto size-12 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{notFound.title}</h1>
      <p className="mt-2 text-slate-600">{failed ? notFound.failed : notFound.text}</p>
      <Button asChild className="mt-6">
        <Link to={notFound.back.to}>{notFound.back.label}</Link>
      </Button>
    </Card>
  );
}

/**
 * One record's page (a case, a client): the sample record for a sample id,
 * a loader while it loads, the not-found card when it is not the lawyer's or
 * did not load, and otherwise the page itself, keyed by the record so that
 * moving to another record starts the page afresh.
 */
export function RecordPage<T extends { id: string }>({
  demo,
  sample,
  id,
  query,
  notFound,
  children,
}: {
  demo: boolean;
  sample: T;
  id: string;
  query: { isPending: boolean; data?: T; error: unknown };
  notFound: NotFoundText;
  children: (record: T) => ReactNode;
}) {
  const record = demo ? (id === sample.id ? sample : null) : (query.data ?? null);
  if (!demo && query.isPending) return <FullPageLoader />;
  if (!record) {
    const gone = demo || (query.error instanceof ApiError && query.error.status === 404);
    return <NotFoundCard notFound={notFound} failed={!gone} />;
  }
  return <Fragment key={record.id}>{children(record)}</Fragment>;
}

import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FullPageLoader } from '@/components/ui/spinner';
import { statusOf } from '@/lib/api';
import { isDemoId } from '@/lib/demo';

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
    const gone = demo || statusOf(query.error) === 404;
    return <NotFoundCard notFound={notFound} failed={!gone} />;
  }
  return <Fragment key={record.id}>{children(record)}</Fragment>;
}

/**
 * The route component of a record's page (`/casos/:id`, `/clientes/:id`): reads the id,
 * loads the record (never for a sample id) and draws `RecordPage` around `render`.
 */
export function recordRoute<T extends { id: string }>(options: {
  useRecord: (id: string, enabled: boolean) => { isPending: boolean; data?: T; error: unknown };
  sample: T;
  notFound: NotFoundText;
  render: (record: T, demo: boolean) => ReactNode;
}) {
  return function RecordRoute() {
    const { id = '' } = useParams();
    const demo = isDemoId(id);
    const query = options.useRecord(id, !demo);
    return (
      <RecordPage demo={demo} sample={options.sample} id={id} query={query} notFound={options.notFound}>
        {(record) => options.render(record, demo)}
      </RecordPage>
    );
  };
}

/**
 * The top of a record's page: the way back to its list, its name (and 'Ejemplo' on the
 * sample), what identifies it below the name, and its actions, which go beside the
 * name from `sideBySideFrom` up and below it on a phone.
 */
export function RecordHeader({
  back,
  title,
  demo,
  children,
  actions,
  sideBySideFrom = 'sm',
}: {
  back: { to: string; label: string };
  title: string;
  demo: boolean;
  children: ReactNode;
  actions: ReactNode;
  sideBySideFrom?: 'sm' | 'lg';
}) {
  return (
    <>
      <Link to={back.to} className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900 sm:min-h-0">
        <ArrowLeft className="size-4" aria-hidden /> {back.label}
      </Link>
      <div className={`mb-6 flex flex-col gap-4 ${sideBySideFrom === 'lg' ? 'lg:flex-row lg:items-start lg:justify-between' : 'sm:flex-row sm:items-start sm:justify-between'}`}>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
            {demo ? <Badge variant="secondary">Ejemplo</Badge> : null}
          </div>
          {children}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </div>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';

/**
 * The record an address opens over its list (`?ver=<id>`): how a search
 * result, or a shared link, opens one document or note in its viewer. Sample
 * records come from the web app; the rest are read by id. One that cannot be
 * read says `missingMessage` and the address forgets it.
 */
export function useAddressedRecord<T extends { id: string }>(options: {
  queryKey: readonly unknown[];
  read: (id: string, signal: AbortSignal) => Promise<T>;
  samples: T[];
  missingMessage: string;
}) {
  const [params, setParams] = useSearchParams();
  const id = params.get('ver');
  const sample = id ? options.samples.find((record) => record.id === id) : undefined;
  const linked = useQuery({
    queryKey: [...options.queryKey, 'ver', id],
    queryFn: ({ signal }) => options.read(id!, signal),
    enabled: !!id && !sample,
    retry: false,
  });
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('ver');
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (!linked.isError) return;
    toast.error(options.missingMessage);
    close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failed address
  }, [linked.isError]);

  return { record: id ? (sample ?? linked.data ?? null) : null, isSample: !!sample, close, refetch: linked.refetch };
}

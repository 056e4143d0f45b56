import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/** The search box of the list screens. */
export function SearchInput({ value, onChange, placeholder, label }: { value: string; onChange: (value: string) => void; placeholder: string; label: string }) {
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={label} className="pl-9" />
    </div>
  );
}

export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-2 py-8 text-slate-600" role="status">
      <Spinner className="size-5 text-primary" /> {children}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-border bg-white py-10 text-center text-sm text-slate-600">{children}</p>;
}

/** 'Cargar más' under a keyset-paged list. */
export function LoadMore({ list, label }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="outline" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? <Spinner /> : null}
        {label}
      </Button>
    </div>
  );
}

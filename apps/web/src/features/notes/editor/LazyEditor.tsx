import type { RichTextNode } from '@bufete/shared/values/notas';
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

// The editor (TipTap/ProseMirror) loads only when a note is being written.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function LazyEditor(props: { value: RichTextNode; onChange: (doc: RichTextNode) => void; id: string; label: string }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-40 items-center justify-center gap-2 rounded-lg border border-border text-sm text-slate-500">
          <Spinner /> Cargando editor...
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}

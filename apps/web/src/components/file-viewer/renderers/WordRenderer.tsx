import mammoth from 'mammoth/mammoth.browser';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { sanitizeHtml } from '../sanitize';

/** A .docx as formatted HTML (mammoth), sanitised before it reaches the page. */
export default function WordRenderer({ data, zoom, onError }: { data: ArrayBuffer; zoom: number; onError: (error: unknown) => void }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    mammoth.convertToHtml({ arrayBuffer: data.slice(0) }).then(
      (result) => !cancelled && setHtml(sanitizeHtml(result.value)),
      (error: unknown) => !cancelled && onError(error),
    );
    return () => {
      cancelled = true;
    };
  }, [data, onError]);
  if (html === null) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-slate-600" role="status">
        <Spinner className="size-5" /> Cargando documento...
      </div>
    );
  }
  return (
    <article
      className="prose-document mx-auto max-w-3xl rounded bg-white p-8 shadow"
      style={{ fontSize: `${zoom}%` }}
      // Sanitised above: only formatting tags, safe links and inline images survive.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

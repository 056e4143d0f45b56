import { Paperclip } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A file field in Spanish whatever the browser's language: a 'Seleccionar
 * archivo' button and the chosen name, over the native input (kept for the
 * keyboard, screen readers and its file dialog).
 */
export function FileInput({ id, fileName, className, multiple, ...props }: Omit<ComponentProps<'input'>, 'type'> & { id: string; fileName?: string | null }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <input id={id} type="file" multiple={multiple} className="peer sr-only" {...props} />
      <label
        htmlFor={id}
        aria-hidden
        className="inline-flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-lg border border-border bg-white px-4 text-sm font-medium text-slate-800 shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary hover:bg-slate-50 sm:h-10"
      >
        <Paperclip className="size-4" aria-hidden />
        {multiple ? 'Seleccionar archivos' : 'Seleccionar archivo'}
      </label>
      <span className={cn('min-w-0 truncate text-sm', fileName ? 'text-slate-800' : 'text-slate-500')} title={fileName ?? undefined}>
        {fileName || 'Ningún archivo seleccionado'}
      </span>
    </div>
  );
}

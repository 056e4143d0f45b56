import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden className={cn('size-4 animate-spin', className)} />;
}

/** Full-screen 'Cargando...' shown while the session loads. */
export function FullPageLoader() {
  return (
    <div className="flex min-h-full items-center justify-center gap-3 text-slate-600" role="status">
      <Spinner className="size-6 text-primary" />
      <span>Cargando...</span>
    </div>
  );
}

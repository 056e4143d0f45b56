import type { ReactNode } from 'react';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { usePortalSignOut } from './api';

/**
 * The portal's frame: the client's lawyer (whose window this is) and 'Salir'
 * at the top, one column that fits a phone. Nothing of the lawyer's shell.
 */
export function PortalShell({ abogado, children }: { abogado?: string; children: ReactNode }) {
  const signOut = usePortalSignOut();
  const navigate = useNavigate();
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-border bg-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-2">
            <BrandMark className="size-8 shrink-0" />
            <div className="min-w-0">
              <p className="text-sm font-semibold text-slate-900">Portal de clientes</p>
              {abogado ? <p className="truncate text-sm text-slate-600">{abogado}</p> : null}
            </div>
          </div>
          {abogado ? (
            <Button variant="outline" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/portal', { replace: true }) })}>
              <LogOut aria-hidden /> Salir
            </Button>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-6">{children}</main>
    </div>
  );
}

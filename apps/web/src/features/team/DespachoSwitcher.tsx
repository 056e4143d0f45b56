import { ROL_NOMBRE } from '@bufete/shared/values/equipo';
import { Building2, Check, ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { switchDespacho, useDespachos } from './api';

/**
 * The top bar's despacho (issue 46): which practice this session works in,
 * named only for a person who belongs to more than one, with the others a
 * click away. A plain disclosure (a button and a list), so the keyboard and
 * a screen reader use it like any other.
 */
export function DespachoSwitcher({ inMenu = false }: { /** In the phone's menu: as wide as the menu, the name always shown. */ inMenu?: boolean }) {
  const { session } = useSession();
  const [open, setOpen] = useState(false);
  const [moving, setMoving] = useState<string | null>(null);
  const list = useDespachos(open);
  const root = useRef<HTMLDivElement>(null);
  // A click or a tap anywhere else closes the list, as any menu does.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  if (!session?.despacho.varios) return null;
  const actual = session.despacho;
  const move = async (id: string) => {
    setMoving(id);
    try {
      await switchDespacho(id);
    } catch (error) {
      setMoving(null);
      toast.error(serverMessage(error, 'No se pudo cambiar de despacho. Inténtalo de nuevo.'));
    }
  };
  return (
    <div
      ref={root}
      className="relative min-w-0"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="flex h-11 max-w-[14rem] min-w-0 items-center gap-2 rounded-lg border border-border px-2 text-left text-sm hover:bg-slate-50 sm:px-3"
        aria-expanded={open}
        aria-controls={inMenu ? 'despachos-lista-menu' : 'despachos-lista'}
        aria-label={`Despacho: ${actual.nombre} (${ROL_NOMBRE[actual.rol]}). Cambiar de despacho`}
        onClick={() => setOpen((value) => !value)}
        data-testid={inMenu ? 'despacho-switcher-menu' : 'despacho-switcher'}
      >
        <Building2 className="size-4 shrink-0 text-slate-600" aria-hidden />
        <span className={cn('min-w-0 flex-1 truncate font-medium text-slate-900', !inMenu && 'hidden md:inline')}>{actual.nombre}</span>
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden />
      </button>
      {open ? (
        <ul
          id={inMenu ? 'despachos-lista-menu' : 'despachos-lista'}
          className={cn('absolute z-30 mt-2 rounded-lg border border-border bg-white p-1 shadow-lg', inMenu ? 'inset-x-0' : 'right-0 w-72')}
          aria-label="Tus despachos"
        >
          {list.isPending ? <li className="px-3 py-2 text-sm text-slate-600">Cargando...</li> : null}
          {list.data?.despachos.map((despacho) => {
            const current = despacho.id === actual.id;
            return (
              <li key={despacho.id}>
                <button
                  type="button"
                  className={cn('flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100', current && 'bg-blue-50')}
                  aria-current={current ? 'true' : undefined}
                  disabled={moving !== null}
                  onClick={() => (current ? setOpen(false) : void move(despacho.id))}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{despacho.nombre}</span>
                    <span className="block text-xs text-slate-600">{ROL_NOMBRE[despacho.rol]}</span>
                  </span>
                  {moving === despacho.id ? <Spinner /> : current ? <Check className="size-4 text-primary" aria-hidden /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

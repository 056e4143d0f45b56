import { especialidadOf, fullNameOf } from '@bufete/shared/names';
import type { SessionPayload } from '@bufete/shared/account';
import type { Profile } from '@bufete/shared/profile';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { alcanza, permisoDe, ROL_NOMBRE } from '@bufete/shared/values/equipo';
import { BrandMark } from '@/components/ui/brand-mark';
import { cn } from '@/lib/utils';
import { MENU_BUTTON_ID, NAV_ITEMS } from './navigation';
import { UserAvatar } from './UserAvatar';

/**
 * Fixed 16rem sidebar on desktop; on mobile it slides in over the page with an
 * overlay, and choosing an entry, the overlay or Escape closes it. While it is
 * off screen it is `inert`: its links are out of the Tab order and hidden from
 * screen readers.
 */
export function Sidebar({
  profile,
  open,
  hidden,
  onClose,
  userPending = false,
  despacho = null,
  switcher = null,
}: {
  /** The despacho switcher, on phones (the top bar leaves it out there). */
  switcher?: ReactNode;
  profile: Profile | null;
  /** The despacho the session works in (null before it is known): a member's menu shows what their role reaches. */
  despacho?: Pick<SessionPayload['despacho'], 'nombre' | 'rol' | 'facturacion'> | null;
  open: boolean;
  hidden: boolean;
  onClose: () => void;
  /** The page's HTML before the session is known (StaticShell): the lawyer's block keeps its place, empty. */
  userPending?: boolean;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const items = NAV_ITEMS.filter(({ area, pasante }) => !despacho || ((pasante !== false || despacho.rol !== 'pasante') && (!area || alcanza(permisoDe(despacho, area)))));
  // A member sees their own name and role; the profile is the despacho's, its titular's.
  const member = despacho && despacho.rol !== 'titular' ? despacho : null;
  // Opening the menu on a phone moves the keyboard into it.
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);
  const close = () => {
    onClose();
    document.getElementById(MENU_BUTTON_ID)?.focus();
  };
  return (
    <>
      {open ? <div className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden" onClick={onClose} aria-hidden data-testid="sidebar-overlay" /> : null}
      <aside
        id="app-sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-white transition-transform duration-200 lg:translate-x-0',
          open ? 'translate-x-0' : '-translate-x-full',
        )}
        aria-label="Menú principal"
        inert={hidden}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close();
        }}
      >
        <div className="flex h-16 items-center justify-between border-b border-border px-5">
          <Link to="/dashboard" className="flex items-center gap-2 text-brand" onClick={onClose}>
            <BrandMark className="size-8" />
            <span className="text-xl font-bold tracking-tight">Bufete</span>
          </Link>
          <button
            ref={closeButton}
            type="button"
            onClick={close}
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 lg:hidden"
            aria-label="Cerrar menú"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        {switcher ? <div className="border-b border-border p-3 sm:hidden">{switcher}</div> : null}
        <nav className="flex-1 overflow-y-auto p-3" aria-label="Secciones">
          <ul className="space-y-1">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onClose}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                      isActive ? 'bg-blue-50 text-primary' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={cn('flex items-center gap-3 border-t border-border p-4', userPending && 'invisible')} data-testid="sidebar-user">
          <UserAvatar profile={profile} />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{fullNameOf(profile)}</p>
            <p className="truncate text-xs text-slate-600">{member ? `${ROL_NOMBRE[member.rol]} · ${member.nombre}` : especialidadOf(profile)}</p>
          </div>
        </div>
      </aside>
    </>
  );
}

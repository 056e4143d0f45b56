import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '@/components/ui/spinner';
import { useAppointmentReminders } from '@/features/calendar';
import { QuickTask } from '@/features/tasks';
import { DespachoSwitcher, takePendingInvitation } from '@/features/team';
import { focusPageTitle, MAIN_CONTENT_ID, restoreFocusAfterTakeover, SKIP_LINK_ID } from '@/lib/focus';
import { useMediaQuery } from '@/lib/hooks';
import { personOf, useSession } from '@/lib/session';
import type { SessionPayload } from '@bufete/shared/account';
import { alcanza, AREA_NOMBRE, areaEnFrase, permisoDe } from '@bufete/shared/values/equipo';
import { MSG } from '@bufete/shared/messages';
import { Alert } from '@/components/ui/alert';
import { areaOfPage } from './navigation';
import { Sidebar } from './Sidebar';
import { Topbar } from './Topbar';

/** The signed-in shell (spec 2.10): sidebar, top bar and the routed page. */
export default function AppLayout() {
  const { session } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 1024px)');
  // The person, not the despacho: in someone else's despacho the menu and the avatar are still theirs.
  const profile = personOf(session);
  useFocusTitleOnNavigation();
  useAppointmentReminders();
  useEffect(restoreFocusAfterTakeover, []);
  useReturnToInvitation();
  return (
    <div className="min-h-full">
      <a
        id={SKIP_LINK_ID}
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          event.preventDefault();
          focusPageTitle();
        }}
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar al contenido
      </a>
      <Sidebar
        profile={profile}
        despacho={session?.despacho ?? null}
        switcher={session?.despacho.varios ? <DespachoSwitcher inMenu /> : null}
        open={menuOpen}
        hidden={!wide && !menuOpen}
        onClose={() => setMenuOpen(false)}
      />
      <div className="flex min-h-full flex-col lg:pl-64">
        <Topbar profile={profile} menuOpen={menuOpen} onMenuToggle={() => setMenuOpen((open) => !open)} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6 lg:p-8">
          <Suspense fallback={<FullPageLoader />}>
            <RoleGate despacho={session?.despacho ?? null}>
              <Outlet />
            </RoleGate>
          </Suspense>
        </main>
      </div>
      <QuickTask />
    </div>
  );
}

/**
 * A page beyond the member's role says so in place of the page (the server
 * refuses its data anyway, 403): the page is not even loaded.
 */
function RoleGate({ despacho, children }: { despacho: SessionPayload['despacho'] | null; children: ReactNode }) {
  const { pathname } = useLocation();
  const area = areaOfPage(pathname);
  // A pasante's home is their cases: the dashboard counts the whole despacho.
  if (despacho?.rol === 'pasante' && pathname === '/dashboard') return <Navigate to="/casos" replace />;
  if (!despacho || !area || alcanza(permisoDe(despacho, area))) return children;
  return (
    <div className="max-w-xl">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900" tabIndex={-1}>
        {AREA_NOMBRE[area]}
      </h1>
      <Alert variant="warning">{MSG.equipo.sinPermiso(areaEnFrase(area))}</Alert>
    </div>
  );
}

/** An invitation opened before the person had signed in (features/team): once they have, back to it. */
function useReturnToInvitation() {
  const navigate = useNavigate();
  useEffect(() => {
    const token = takePendingInvitation();
    if (token) navigate(`/invitacion#${token}`, { replace: true });
  }, [navigate]);
}

/**
 * After each change of page, the keyboard (and a screen reader) starts at the
 * new page's title instead of wherever the old page left it. The title may
 * arrive later than the route (a lazy screen, a record loading), so it is
 * awaited for a moment; a dialog or menu the page opens keeps the focus, and
 * so does anything the person clicks or types into meanwhile.
 */
function useFocusTitleOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    const tryFocus = () => {
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return true;
      if (!main.querySelector('h1')) return false;
      focusPageTitle();
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), 5_000);
    // The person acted before the title came: their focus wins.
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    };
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

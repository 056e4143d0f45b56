import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { FullPageLoader } from '@/components/ui/spinner';
// Each feature's entry gives its screens as lazy components: every screen is
// its own chunk, and the first load carries only what it shows.
import { AssistantPage } from '@/features/ai';
import { ConfirmEmailPage, ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage, TwoFactorPage } from '@/features/auth';
import { CalendarCallbackPage, CalendarDiagnosticPage, CalendarPage } from '@/features/calendar';
import { CasesPage, NewCasePage } from '@/features/cases';
import { ClientsPage } from '@/features/clients';
import { prefetchDashboard } from '@/features/dashboard';
import { TestAuthPage, TestEmailPage } from '@/features/diagnostics';
import { DocumentsPage } from '@/features/documents';
import { InvoicesPage } from '@/features/invoices';
import { LandingPage } from '@/features/landing';
import { NotesPage } from '@/features/notes';
import { SearchPage } from '@/features/search';
import { TasksPage } from '@/features/tasks';
import { InvitationPage } from '@/features/team';
import { type LazyWithPreload, lazyWithPreload } from '@/lib/lazy';
import { Protected, PublicOnly } from './guards';
import { CaseDetailPage, ClientDetailPage, DashboardPage, SettingsPage } from './pages';
import { BulletinPage } from '@/features/proceedings';
import { PortalCasePage, PortalPage, PortalPaymentPage, PortalSignInPage } from '@/features/portal';

// The signed-in shell (menus, popovers) is not needed by the public pages.
const AppLayout = lazyWithPreload(() => import('./layout/AppLayout'));

/** A route of the table, with the screens to load ahead and the data to ask for when it is opened directly. */
type AppRoute = RouteObject & { pages?: LazyWithPreload[]; prefetch?: (queryClient: QueryClient) => void; children?: AppRoute[] };

const page = (element: ReactNode) => <Suspense fallback={<FullPageLoader />}>{element}</Suspense>;

function publicRoute(path: string, Page: LazyWithPreload): AppRoute {
  return {
    path,
    element: page(
      <PublicOnly>
        <Page />
      </PublicOnly>,
    ),
    pages: [Page],
  };
}
function openRoute(path: string, Page: LazyWithPreload): AppRoute {
  return { path, element: page(<Page />), pages: [Page] };
}
function signedInRoute(path: string, Page: LazyWithPreload, element: ReactNode = <Page />): AppRoute {
  return { path, element, pages: [Page] };
}

/** The route table of spec part 1, 2.1. */
const routes: AppRoute[] = [
  publicRoute('/', LandingPage),
  publicRoute('/login', LoginPage),
  publicRoute('/register', RegisterPage),
  publicRoute('/forgot-password', ForgotPasswordPage),
  publicRoute('/verificacion', TwoFactorPage),

  openRoute('/reset-password', ResetPasswordPage),
  openRoute('/confirm-email', ConfirmEmailPage),
  openRoute('/test-auth', TestAuthPage),
  openRoute('/test-email', TestEmailPage),
  openRoute('/calendar/callback', CalendarCallbackPage),
  openRoute('/google-calendar-diagnostic', CalendarDiagnosticPage),
  // The client portal: its own session, whatever the lawyer's.
  openRoute('/portal', PortalPage),
  openRoute('/portal/entrar', PortalSignInPage),
  openRoute('/portal/casos/:id', PortalCasePage),
  openRoute('/portal/pagos/:id', PortalPaymentPage),
  // A titular's invitation: read signed out or in (features/team).
  openRoute('/invitacion', InvitationPage),

  {
    element: <Protected>{page(<AppLayout />)}</Protected>,
    pages: [AppLayout],
    children: [
      { ...signedInRoute('/dashboard', DashboardPage), prefetch: prefetchDashboard },
      signedInRoute('/casos', CasesPage),
      signedInRoute('/casos/nuevo', NewCasePage),
      signedInRoute('/casos/boletin', BulletinPage),
      signedInRoute('/casos/:id', CaseDetailPage),
      signedInRoute('/clientes', ClientsPage),
      signedInRoute('/clientes/nuevo', ClientsPage, <ClientsPage key="nuevo" createOnOpen />),
      signedInRoute('/clientes/:id', ClientDetailPage),
      signedInRoute('/calendario', CalendarPage),
      signedInRoute('/documentos', DocumentsPage),
      signedInRoute('/boveda', DocumentsPage),
      signedInRoute('/notas', NotesPage),
      signedInRoute('/tareas', TasksPage),
      signedInRoute('/ai-assistant', AssistantPage),
      signedInRoute('/configuracion', SettingsPage),
      signedInRoute('/facturacion', InvoicesPage),
      signedInRoute('/buscar', SearchPage),
    ],
  },

  { path: '*', element: <Navigate to="/" replace /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * For the address the app is opened at: starts loading its screens (and the
 * signed-in shell) and asking for its data now, alongside the session check,
 * rather than one after another.
 */
export function preloadRoute(pathname: string, queryClient: QueryClient): Promise<unknown> {
  const screens: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const matched = route as AppRoute;
    for (const screen of matched.pages ?? []) screens.push(screen.preload().catch(() => {}));
    matched.prefetch?.(queryClient);
  }
  return Promise.all(screens);
}

import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageLoader } from '@/components/ui/spinner';
// Each feature's entry gives its screens as lazy components: every screen is
// its own chunk, and the first load carries only what it shows.
import { AssistantPage } from '@/features/ai';
import { ConfirmEmailPage, ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from '@/features/auth';
import { CalendarCallbackPage, CalendarDiagnosticPage, CalendarPage } from '@/features/calendar';
import { CaseDetailPage, CasesPage, NewCasePage } from '@/features/cases';
import { ClientDetailPage, ClientsPage } from '@/features/clients';
import { DashboardPage } from '@/features/dashboard';
import { TestAuthPage, TestEmailPage } from '@/features/diagnostics';
import { DocumentsPage } from '@/features/documents';
import { InvoicesPage } from '@/features/invoices';
import { LandingPage } from '@/features/landing';
import { NotesPage } from '@/features/notes';
import { SearchPage } from '@/features/search';
import { SettingsPage } from '@/features/settings';
import { Protected, PublicOnly } from './guards';

// The signed-in shell (menus, popovers) is not needed by the public pages.
const AppLayout = lazy(() => import('./layout/AppLayout'));

const page = (element: ReactNode) => <Suspense fallback={<FullPageLoader />}>{element}</Suspense>;
const publicOnly = (element: ReactNode) => page(<PublicOnly>{element}</PublicOnly>);

/** The route table of spec part 1, 2.1. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={publicOnly(<LandingPage />)} />
      <Route path="/login" element={publicOnly(<LoginPage />)} />
      <Route path="/register" element={publicOnly(<RegisterPage />)} />
      <Route path="/forgot-password" element={publicOnly(<ForgotPasswordPage />)} />

      <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
      <Route path="/confirm-email" element={page(<ConfirmEmailPage />)} />
      <Route path="/test-auth" element={page(<TestAuthPage />)} />
      <Route path="/test-email" element={page(<TestEmailPage />)} />
      <Route path="/calendar/callback" element={page(<CalendarCallbackPage />)} />
      <Route path="/google-calendar-diagnostic" element={page(<CalendarDiagnosticPage />)} />

      <Route
        element={
          <Protected>
            {page(<AppLayout />)}
          </Protected>
        }
      >
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/casos" element={<CasesPage />} />
        <Route path="/casos/nuevo" element={<NewCasePage />} />
        <Route path="/casos/:id" element={<CaseDetailPage />} />
        <Route path="/clientes" element={<ClientsPage />} />
        <Route path="/clientes/nuevo" element={<ClientsPage key="nuevo" createOnOpen />} />
        <Route path="/clientes/:id" element={<ClientDetailPage />} />
        <Route path="/calendario" element={<CalendarPage />} />
        <Route path="/documentos" element={<DocumentsPage />} />
        <Route path="/boveda" element={<DocumentsPage />} />
        <Route path="/notas" element={<NotesPage />} />
        <Route path="/ai-assistant" element={<AssistantPage />} />
        <Route path="/configuracion" element={<SettingsPage />} />
        <Route path="/facturacion" element={<InvoicesPage />} />
        <Route path="/buscar" element={<SearchPage />} />
      </Route>

      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

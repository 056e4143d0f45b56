import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageLoader } from '@/components/ui/spinner';
import { SectionPage } from '@/features/placeholder/SectionPage';
import { Protected, PublicOnly } from './guards';

// Every screen is its own chunk: the first load carries only what it shows.
const LandingPage = lazy(() => import('@/features/landing/LandingPage'));
const LoginPage = lazy(() => import('@/features/auth/LoginPage'));
const RegisterPage = lazy(() => import('@/features/auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@/features/auth/ResetPasswordPage'));
const ConfirmEmailPage = lazy(() => import('@/features/auth/ConfirmEmailPage'));
// The signed-in shell (menus, popovers) is not needed by the public pages.
const AppLayout = lazy(() => import('./layout/AppLayout'));
const DashboardPage = lazy(() => import('@/features/dashboard/DashboardPage'));
const CasesPage = lazy(() => import('@/features/cases/CasesPage'));
const NewCasePage = lazy(() => import('@/features/cases/NewCasePage'));
const CaseDetailPage = lazy(() => import('@/features/cases/CaseDetailPage'));
const ClientsPage = lazy(() => import('@/features/clients/ClientsPage'));
const DocumentsPage = lazy(() => import('@/features/documents/DocumentsPage'));
const NotesPage = lazy(() => import('@/features/notes/NotesPage'));
const SettingsPage = lazy(() => import('@/features/settings/SettingsPage'));
const TestAuthPage = lazy(() => import('@/features/diagnostics/TestAuthPage'));
const TestEmailPage = lazy(() => import('@/features/diagnostics/TestEmailPage'));

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
      <Route path="/calendar/callback" element={page(<OpenPage title="Conectando Google Calendar" />)} />
      <Route path="/google-calendar-diagnostic" element={page(<OpenPage title="Diagnóstico de Google Calendar" />)} />

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
        <Route path="/calendario" element={<SectionPage title="Calendario" />} />
        <Route path="/documentos" element={<DocumentsPage />} />
        <Route path="/boveda" element={<DocumentsPage />} />
        <Route path="/notas" element={<NotesPage />} />
        <Route path="/ai-assistant" element={<SectionPage title="IA Legal Assistant" />} />
        <Route path="/configuracion" element={<SettingsPage />} />
        <Route path="/facturacion" element={<SectionPage title="Facturación" />} />
      </Route>

      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** Open diagnostic pages delivered by later issues: title only for now, outside the shell. */
function OpenPage({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <SectionPage title={title} />
    </main>
  );
}

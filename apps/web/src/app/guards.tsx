import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

/**
 * Public-only pages (landing, login, register, forgot): a signed-in user goes
 * to /dashboard. The page shows at once, without waiting for the session: the
 * server already sent a signed-in lawyer who asked for '/' to /dashboard, and
 * a visitor (nearly everyone who opens these pages) should not wait a round
 * trip to see a form. If the session turns out signed in, the redirect follows.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  if (session) return <Navigate to="/dashboard" replace />;
  return children;
}

/** Protected pages: 'Cargando...' while the session loads, then a visitor goes to /login. */
export function Protected({ children }: { children: ReactNode }) {
  const { session, loading } = useSession();
  const location = useLocation();
  if (loading) return <FullPageLoader />;
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

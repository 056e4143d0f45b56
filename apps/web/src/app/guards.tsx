import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

/** Public-only pages (landing, login, register, forgot): a signed-in user goes to /dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { session, loading } = useSession();
  if (loading) return <FullPageLoader />;
  if (session) return <Navigate to="/dashboard" replace />;
  return children;
}

/** Protected pages: a visitor goes to /login. */
export function Protected({ children }: { children: ReactNode }) {
  const { session, loading } = useSession();
  const location = useLocation();
  if (loading) return <FullPageLoader />;
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

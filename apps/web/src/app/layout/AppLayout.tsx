import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { Sidebar } from './Sidebar';
import { Topbar } from './Topbar';

/** The signed-in shell (spec 2.10): sidebar, top bar and the routed page. */
export default function AppLayout() {
  const { session } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const profile = session?.profile ?? null;
  return (
    <div className="min-h-full">
      <Sidebar profile={profile} open={menuOpen} onClose={() => setMenuOpen(false)} />
      <div className="flex min-h-full flex-col lg:pl-64">
        <Topbar profile={profile} menuOpen={menuOpen} onMenuToggle={() => setMenuOpen((open) => !open)} />
        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

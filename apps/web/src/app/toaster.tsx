import { lazy, Suspense } from 'react';
import { usePageSettled } from '@/lib/hooks';

// sonner is ~10 KB compressed and nothing toasts before the first screen is
// up: its Toaster loads once the page has settled (lib/hooks.ts). A toast raised
// before then is not lost: sonner shows the active toasts to a Toaster that subscribes late.
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

/** The app's notices, bottom right; mounted once the page has settled. */
export function DeferredToaster() {
  const ready = usePageSettled();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      {/* Expanded: every message readable at once, none dimmed behind another. In Spanish; on a
          phone a notice is swiped away (a 20 px close button is no target for a finger). */}
      <Toaster
        position="bottom-right"
        closeButton={window.matchMedia('(min-width: 640px)').matches}
        expand
        containerAriaLabel="Notificaciones"
        toastOptions={{ closeButtonAriaLabel: 'Cerrar aviso' }}
      />
    </Suspense>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';

// sonner is ~10 KB compressed and nothing toasts before the first screen is
// up: its Toaster loads once the page has loaded. A toast raised before then
// is not lost: sonner shows the active toasts to a Toaster that subscribes late.
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

/** The app's notices, bottom right; mounted once the page has finished loading. */
export function DeferredToaster() {
  const [ready, setReady] = useState(document.readyState === 'complete');
  useEffect(() => {
    if (ready) return;
    const onLoad = () => setReady(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [ready]);
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

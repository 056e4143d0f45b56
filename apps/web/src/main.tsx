import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadRoute } from './app/router';
import { DeferredToaster } from './app/toaster';
import { focusAtTakeover } from './lib/focus';
import { prefetchSession } from './lib/session';
import './index.css';

// The spec's data-cache defaults: 1 retry, 5 minutes fresh, no refetch on focus.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 5 * 60 * 1000, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

// The session check, the screen of this address and its data all start now, side by side.
const session = prefetchSession(queryClient);
const screen = preloadRoute(window.location.pathname, queryClient);

function render() {
  // A transition: React renders the first screen in slices, yielding to the
  // browser between them, instead of one long task that blocks input.
  startTransition(() => {
    createRoot(root!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <DeferredToaster />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

// A signed-in page's HTML already shows its shell and heading (apps/web/prerender.ts): React
// takes over once the session and the screen are here, so the page goes from that paint to
// itself, never through 'Cargando...' and back.
if (root.querySelector('[data-static-shell]')) {
  // React replaces that HTML: what has the keyboard in it gets it back once the shell is mounted (lib/focus.ts).
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && event.target.id && event.target.closest('[data-static-shell]')) focusAtTakeover.id = event.target.id;
  });
  void Promise.all([session, screen]).then(render, render);
} else render();

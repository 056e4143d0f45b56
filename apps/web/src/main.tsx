import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { AppRoutes } from './app/router';
import './index.css';

// The spec's data-cache defaults: 1 retry, 5 minutes fresh, no refetch on focus.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 5 * 60 * 1000, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      {/* Expanded: every message readable at once, none dimmed behind another. In Spanish; on a
          phone a notice is swiped away (a 20 px close button is no target for a finger). */}
      <Toaster
        position="bottom-right"
        closeButton={window.matchMedia('(min-width: 640px)').matches}
        expand
        containerAriaLabel="Notificaciones"
        toastOptions={{ closeButtonAriaLabel: 'Cerrar aviso' }}
      />
    </QueryClientProvider>
  </StrictMode>,
);

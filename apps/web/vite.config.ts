import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractForTheBrowser } from './contract-for-the-browser.ts';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), contractForTheBrowser(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    sourcemap: false,
    // Read by prerender.ts (each route's chunks), then removed from dist.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Fewer, fuller chunks where many tiny ones cost a round trip each on a
          // phone (each group is needed by every screen of the app anyway):
          // React with the router and the data cache; the shared contract (its
          // schemas and zod apart, below); every icon (~10 KB compressed, instead
          // of one chunk per icon); and the small building blocks every screen
          // draws with (buttons, cards, fields…). The dashboard went from 57
          // script requests to 21. Then the app's own modules (and date-fns) that
          // three screens or more share: split by which screens use them, they
          // were a dozen chunks of 0.1–4 KB each (/documentos 26 requests, now 16;
          // bench/README.md). At two, the forms' modules would join every page.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/, priority: 50 },
            // The contract as a screen reads it: endpoints' paths, labels, lists, messages, dates
            // (contract-for-the-browser.ts leaves zod out of them). The schemas with zod and the
            // form helpers are one chunk more, loaded when a form first opens (decision 0028).
            {
              name: 'contract',
              test: /packages[\\/]shared[\\/]src[\\/](api[\\/]|values[\\/]|messages[\\/]|(constants|dates|names|dinero|errors|endpoint|plazos-calculo|facturas-desde-tiempo)\.ts$)/,
              priority: 45,
            },
            // Only what it names: its dependencies (the API client, the toasts) are the screens' too.
            {
              name: 'schemas',
              test: /packages[\\/]shared[\\/]|node_modules[\\/](zod|@hookform)[\\/]|src[\\/]lib[\\/]schema-check\.ts$/,
              priority: 44,
              includeDependenciesRecursively: false,
            },
            { name: 'icons', test: /lucide-react/, priority: 40 },
            // Not the forms' hook (and react-hook-form with it): only screens with a form open load it.
            {
              name: 'common',
              test: (id) => /src[\\/](lib|features)[\\/]|node_modules[\\/]date-fns[\\/]/.test(id) && !/src[\\/]lib[\\/]forms\.ts$/.test(id),
              minShareCount: 3,
              priority: 20,
            },
            {
              name: 'ui',
              test: /src[\\/]components[\\/]ui[\\/](alert|badge|brand-mark|button|card|form-field|input|label|list-states|page-header|password-input|spinner|textarea|urgency-badge)\.tsx$/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
});

import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
          // phone: every icon in one chunk (~13 KB compressed) instead of one
          // chunk per icon, and the small building blocks every screen draws
          // with (buttons, cards, fields…) in another.
          groups: [
            { name: 'icons', test: /lucide-react/, priority: 40 },
            { name: 'ui', test: /src[\\/]components[\\/]ui[\\/](alert|badge|brand-mark|button|card|form-field|input|label|list-states|page-header|password-input|spinner|textarea|urgency-badge)\.tsx$/, priority: 30 },
          ],
        },
      },
    },
  },
});

/**
 * The build's pages, written after `vite build` (see package.json) into
 * dist/pages/, one per route that people open directly; the server sends
 * `pages/<route>.html` for `/<route>` (`pages/index.html` for `/`) and the
 * app's index.html for every other address (apps/server/src/http/spa.ts).
 *
 * - The landing page is static HTML rendered from the same React component the
 *   app shows (features/landing). It paints as soon as its HTML and CSS arrive
 *   and needs no JavaScript: everything on it is a link. A signed-in lawyer
 *   never gets it (the server redirects to /dashboard first).
 * - The other pages are index.html with their first paint already in the HTML
 *   (a signed-in page's shell with its title and description:
 *   app/layout/StaticShell.tsx; 'Cargando...' elsewhere) and their screen's
 *   chunks and first API answers named as preloads, so a phone asks for all
 *   of them with the entry, in one round trip, instead of learning about them
 *   only once the entry has run. The app renders over that paint once the
 *   session and the screen are at hand (src/main.tsx).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FullPageLoader } from './src/components/ui/spinner';
import { StaticShell } from '@/app/layout/StaticShell';
import { LandingPageStatic } from '@/features/landing/static';
import { type HeadedPage, PAGE_HEADINGS } from '@/lib/page-headings';
import { compressFile } from './precompress';

/**
 * The screens each directly opened route shows first, and the API answers it
 * asks for at once (the app loads the rest when it runs: app/router.tsx).
 */
const ROUTES: Record<string, { screens: string[]; data?: string[] }> = {
  login: { screens: ['src/features/auth/LoginPage.tsx'] },
  register: { screens: ['src/features/auth/RegisterPage.tsx'] },
  'forgot-password': { screens: ['src/features/auth/ForgotPasswordPage.tsx'] },
  dashboard: signedIn('src/app/pages/DashboardPage.tsx', ['/api/dashboard']),
  // Each list as the page first asks for it (its filters' defaults: a page opened with others asks again).
  casos: signedIn('src/features/cases/CasesPage.tsx', ['/api/casos?orden=recientes']),
  clientes: signedIn('src/features/clients/ClientsPage.tsx', ['/api/clientes']),
  documentos: signedIn('src/features/documents/DocumentsPage.tsx', ['/api/documentos', '/api/casos/options', '/api/clientes/options']),
  // The month's events depend on the phone's clock: the page asks for them itself.
  calendario: signedIn('src/features/calendar/CalendarPage.tsx', ['/api/calendario/google', '/api/calendario/proximos', '/api/calendario/resumen']),
  notas: signedIn('src/features/notes/NotesPage.tsx', ['/api/etiquetas', '/api/notas', '/api/notas/casos']),
  tareas: signedIn('src/features/tasks/TasksPage.tsx', ['/api/tareas?vista=pendientes']),
  facturacion: signedIn('src/features/invoices/InvoicesPage.tsx', ['/api/facturas', '/api/facturas/clientes']),
  'ai-assistant': signedIn('src/features/ai/AssistantPage.tsx', ['/api/ia/sesiones', '/api/ia/estado']),
  // Configuración opens on Perfil, whose tab (and its forms) the page asks for when it runs: its heading, the
  // largest paint, comes with the HTML, and preloading ~24 KB of forms with it kept Lighthouse's LCP over 2.5 s.
  configuracion: signedIn('src/app/pages/SettingsPage.tsx', ['/api/profile/storage', '/api/cfdi/csd']),
};

/** A signed-in page: the shell (its timer and notifications bell) and the screen, with their first answers. */
function signedIn(screen: string | string[], data: string[]) {
  return { screens: ['src/app/layout/AppLayout.tsx', ...[screen].flat()], data: ['/api/tiempo/temporizador', '/api/notificaciones', ...data] };
}
/** Every screen of the app asks for the session first. */
const SESSION = '/api/account/session';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const built = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!built.includes('<div id="root"></div>')) throw new Error('páginas: dist/index.html no es el de vite build (¿se ejecutó dos veces?)');
const pagesDir = path.join(dist, 'pages');
await mkdir(pagesDir, { recursive: true });

/** Every chunk file a manifest entry needs, itself included (static imports only). */
function chunkFiles(key: string, found = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, found);
  return found;
}

async function writePage(name: string, html: string) {
  const file = path.join(pagesDir, `${name}.html`);
  await writeFile(file, html);
  await compressFile(file);
  console.log(`páginas: dist/pages/${name}.html (${(html.length / 1024).toFixed(1)} KB)`);
}

/**
 * The app's page with its first paint in the HTML, so something is on screen
 * before any JavaScript has arrived: the page's shell and heading for a
 * signed-in page, else 'Cargando...' (the same markup React shows while the
 * session loads). React's first render replaces it.
 * `preloads` are fetched with the entry, in parallel: API answers (the same
 * request `call()` makes, so the app's fetch takes the preloaded answer) and
 * the route's chunks.
 */
function appPage(preloads: { data?: string[]; chunks?: string[] }, firstPaint = renderToStaticMarkup(createElement(FullPageLoader))) {
  const links = [
    ...(preloads.data ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
    ...(preloads.chunks ?? []).map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
  ];
  return (
    built
      // The app's code is not needed for the first paint (the HTML has it): it
      // comes after the stylesheet and the data, and a browser or a simulator
      // does not hold the paint for it.
      .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
      .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin')
      .replace('  </head>', `${links.map((link) => `    ${link}\n`).join('')}  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${firstPaint}</div>`)
  );
}

// The landing page: no app code at all.
const landing = built
  .replace(/\s*<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('<div id="root"></div>', `<div id="root">${renderToStaticMarkup(createElement(MemoryRouter, null, createElement(LandingPageStatic)))}</div>`);
if (!landing.includes('<div id="root"><') || /<script\b/.test(landing)) throw new Error('páginas: la portada estática no se pudo generar');
await writePage('index', landing);

// The routes opened directly: the entry plus their screens' chunks and data.
const inEntry = chunkFiles('index.html');
for (const [name, route] of Object.entries(ROUTES)) {
  const chunks = new Set<string>();
  for (const screen of route.screens) {
    if (!manifest[screen]) throw new Error(`páginas: ${screen} no está en el manifiesto de la compilación`);
    for (const file of chunkFiles(screen)) if (!inEntry.has(file)) chunks.add(file);
  }
  const heading = name in PAGE_HEADINGS ? PAGE_HEADINGS[name as HeadedPage] : null;
  const firstPaint = heading ? renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [`/${name}`] }, createElement(StaticShell, { heading }))) : undefined;
  await writePage(name, appPage({ data: [SESSION, ...(route.data ?? [])], chunks: [...chunks] }, firstPaint));
}

// Every other address: index.html, with the first paint and the session.
const index = path.join(dist, 'index.html');
await writeFile(index, appPage({ data: [SESSION] }));
await compressFile(index);

// The manifest was only for this step: it is not served.
await rm(path.dirname(manifestFile), { recursive: true, force: true });

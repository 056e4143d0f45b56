/**
 * First load as a phone sees it: Lighthouse (its default mobile settings:
 * a mid-range phone, slow 4G, CPU slowed 4×) on the landing page, /login and
 * every signed-in page (or the routes given as arguments) of a separately
 * started production server, in Debian's Chromium. Reports
 * performance and accessibility scores, FCP, LCP, TBT and the bytes sent
 * (JavaScript apart). Lighthouse is fetched by npx at a pinned version when
 * this runs (it is not a dependency of the app or of `npm test`).
 *
 *   npm run bench:lighthouse [-- /documentos /facturacion ...]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signUpConfirmed } from '../apps/server/test/support/accounts';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // 13.x needs Node 22
const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = 3800 + (process.pid % 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-lighthouse-'));
const results = path.join(ROOT, 'bench/results');
await mkdir(results, { recursive: true });

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/index.ts'], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', APP_URL: base, DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rows = [];
try {
  for (let i = 0; ; i += 1) {
    if (i > 300) throw new Error('El servidor no arrancó');
    if (
      await fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  // A lawyer registered and confirmed, for the signed-in dashboard.
  const { client } = await signUpConfirmed({ client: () => new HttpClient(base), mail: outboxMailBox(dataDir) });
  const cookie = client.cookieHeader();

  const PUBLIC = ['/', '/login'];
  const SIGNED_IN = ['/dashboard', '/casos', '/clientes', '/documentos', '/calendario', '/notas', '/facturacion', '/ai-assistant', '/configuracion'];
  const routes = process.argv.slice(2).length ? process.argv.slice(2) : [...PUBLIC, ...SIGNED_IN];
  for (const route of routes) {
    const output = path.join(results, `lighthouse${route.replace(/\//g, '_') || '_'}.json`);
    // Lighthouse sometimes loses the trace of a load (NO_NAVSTART): that route is measured again, once.
    const lighthouse = () =>
      spawnSync(
        'npx',
        [
          '-y',
          LIGHTHOUSE,
          `${base}${route}`,
          '--quiet',
          '--output=json',
          `--output-path=${output}`,
          '--only-categories=performance,accessibility',
          `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`,
          ...(PUBLIC.includes(route) ? [] : [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`]),
        ],
        { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
    let run = lighthouse();
    if (run.status !== 0) run = lighthouse();
    if (run.status !== 0) throw new Error(`Lighthouse falló en ${route}`);
    const report = JSON.parse(await readFile(output, 'utf8'));
    const audit = (id: string) => report.audits[id]?.numericValue as number;
    const items = (report.audits['network-requests']?.details?.items ?? []) as { resourceType?: string; transferSize?: number }[];
    const scriptBytes = items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    rows.push({
      ruta: route,
      rendimiento: Math.round(report.categories.performance.score * 100),
      accesibilidad: Math.round(report.categories.accessibility.score * 100),
      'FCP s': Number((audit('first-contentful-paint') / 1000).toFixed(2)),
      'LCP s': Number((audit('largest-contentful-paint') / 1000).toFixed(2)),
      'TBT ms': Math.round(audit('total-blocking-time')),
      'KB enviados': Math.round(audit('total-byte-weight') / 1024),
      'KB de JS': Math.round(scriptBytes / 1024),
      'peticiones JS': items.filter((item) => item.resourceType === 'Script').length,
    });
  }
} finally {
  server.kill('SIGINT');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
console.table(rows);
await writeFile(path.join(results, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(rows, null, 2));
process.exit(0);

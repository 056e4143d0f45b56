import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { accountApi, healthApi, MSG } from '@bufete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpConfirmed, uniqueEmail } from '../support/accounts';
import { startServerProcess, startTestServer, type TestServer } from '../support/server';

describe('servidor', () => {
  let ts: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'bufete-dist-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Bufete</title><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("bufete")');
    // The build's pre-compressed variants (apps/web/precompress.ts); each decodes to a text that says which one was sent.
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("br")'));
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log("gzip")'));
    await writeFile(path.join(webDist, 'index.html.gz'), gzipSync('<!doctype html><title>Bufete gzip</title><div id="root"></div>'));
    // The build's route pages (apps/web/prerender.ts): the static landing and /login with its preloads.
    await mkdir(path.join(webDist, 'pages'));
    await writeFile(path.join(webDist, 'pages', 'index.html'), '<!doctype html><title>Portada</title><div id="root"><h1>Gestiona tu despacho</h1></div>');
    await writeFile(path.join(webDist, 'pages', 'login.html'), '<!doctype html><title>Entrar</title><link rel="modulepreload" href="/assets/login.js"><div id="root"></div>');
    ts = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: '3', WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await ts?.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves the SPA with history fallback and security headers', async () => {
    const client = ts.client();
    for (const route of ['/', '/casos/123', '/login']) {
      const res = await client.get(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const asset = await client.get('/assets/app-abc123.js');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await client.get('/assets/missing.js')).status).toBe(404);
    expect((await client.get('/../../etc/passwd')).text).not.toContain('root:');
  });

  it('caches hashed assets for a year as immutable, never index.html, and sends the pre-compressed variant the browser accepts', async () => {
    const get = (route: string, acceptEncoding: string) => fetch(`${ts.url}${route}`, { headers: { 'accept-encoding': acceptEncoding } });
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe('console.log("br")');
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe('console.log("gzip")');
    const refused = await get('/assets/app-abc123.js', 'br;q=0, gzip;q=0');
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe('console.log("bufete")');
    for (const route of ['/index.html', '/casos']) {
      const page = await get(route, 'gzip, br');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(await page.text()).toContain('Bufete gzip');
    }
  });

  it('sends the page the build wrote for a route (never cached), and index.html for the rest', async () => {
    const client = ts.client();
    const landing = await client.get('/');
    expect(landing.text).toContain('<h1>Gestiona tu despacho</h1>');
    expect(landing.headers.get('cache-control')).toBe('no-cache');
    const login = await client.get('/login');
    expect(login.text).toContain('<link rel="modulepreload" href="/assets/login.js">');
    expect(login.headers.get('cache-control')).toBe('no-cache');
    // Routes without a page of their own get the app's index.html; the pages are not files to fetch.
    for (const route of ['/register', '/casos/123', '/pages/login.html']) expect((await client.get(route)).text).toMatch(/<title>Bufete( gzip)?<\/title>/);
  });

  it('sends a signed-in lawyer from the public-only pages to /dashboard before any page, and a visitor gets them', async () => {
    const visitor = ts.client();
    for (const route of ['/', '/login', '/register', '/forgot-password']) expect((await visitor.get(route)).status).toBe(200);
    const { client } = await signUpConfirmed(ts);
    for (const route of ['/', '/login', '/register', '/forgot-password']) {
      const res = await client.get(route);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/dashboard');
    }
    // Pages that are not public-only are sent as they are.
    for (const route of ['/dashboard', '/reset-password', '/confirm-email']) expect((await client.get(route)).status).toBe(200);
    await client.call(accountApi.signOut);
    expect((await client.get('/')).status).toBe(200);
  });

  it('answers unknown API paths with a Spanish 404, not the SPA', async () => {
    const res = await ts.client().get('/api/no-existe');
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe(MSG.http.notFound);
  });

  it('refuses state-changing requests from another origin', async () => {
    const res = await ts.client().call(accountApi.signIn, { body: { email: 'a@b.com', password: PASSWORD }, headers: { origin: 'https://sitio-malicioso.example' } });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN_ORIGIN');
  });

  it('rate-limits sign-in attempts per client address', async () => {
    const client = ts.client();
    const email = uniqueEmail('fuerza-bruta');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await client.call(accountApi.signIn, { body: { email, password: `intento-${i}` } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await client.call(accountApi.signIn, { body: { email, password: 'otro' } });
    expect(limited.json.error.message).toBe(MSG.http.tooManyRequests);
    // Other actions keep their own counters.
    const forgot = await client.call(accountApi.forgotPassword, { body: { email } });
    expect(forgot.status).toBe(404);
  });

  it('refuses to start a second process on the same PGlite data folder', async () => {
    const second = startServerProcess({ DATA_DIR: ts.dataDir, PORT: '0', NODE_ENV: 'test' });
    expect(await second.exited()).toBe(1);
    expect(second.output()).toContain('ya está en uso por otro proceso de Bufete');
    expect(second.output()).toContain('DATABASE_URL');
    // The running server was not disturbed.
    expect((await ts.client().call(healthApi.check)).status).toBe(200);
  });
});

// Screenshots of the app's screens at desktop and 390 px widths, for looking at what we build.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir]  (the server must be running)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const outDir = path.resolve(process.argv[3] ?? 'test-results/screenshots');
const email = process.env.SCREENSHOT_EMAIL;
const password = process.env.SCREENSHOT_PASSWORD;
mkdirSync(outDir, { recursive: true });

const publicRoutes = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/confirm-email'];
const privateRoutes = (process.env.SCREENSHOT_ROUTES ?? '/dashboard').split(',');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 860 }],
  ['mobile', { width: 390, height: 844 }],
]) {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  const page = await context.newPage();
  for (const route of publicRoutes) {
    await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
    await page.screenshot({ path: path.join(outDir, `${label}${route.replace(/\//g, '_') || '_'}.png`), fullPage: true });
  }
  if (email && password) {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/dashboard');
    for (const route of privateRoutes) {
      await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
      await page.screenshot({ path: path.join(outDir, `${label}${route.replace(/\//g, '_')}.png`), fullPage: true });
    }
    if (label === 'mobile') {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(outDir, `${label}_menu_open.png`) });
    } else {
      await page.getByRole('button', { name: 'Menú de usuario' }).click();
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(outDir, `${label}_avatar_menu.png`) });
    }
  }
  await context.close();
}
await browser.close();
console.log(`Capturas en ${outDir}`);

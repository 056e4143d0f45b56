import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';
import axe from 'axe-core';
import { simpleParser } from 'mailparser';

const OUTBOX = path.resolve('.e2e-data/outbox');
export const PASSWORD = 'secreto123';

/**
 * Every journey fails on a console error or an uncaught exception in the page.
 * Chromium's own "Failed to load resource" lines are not app errors: they
 * appear for every expected 4xx answer (a wrong password is a 401).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errores en la consola del navegador').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function readOutbox(): Promise<Mail[]> {
  const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(OUTBOX, file)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(',') : (parsed.to?.text ?? '');
      return { to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }),
  );
}

export async function countMail(to: string, subject: RegExp) {
  return (await readOutbox()).filter((m) => m.to.includes(to) && subject.test(m.subject)).length;
}

/** The link to `pathname` in the newest email to `to` (waits for the (after+1)-th such email). */
export async function emailLink(to: string, subject: RegExp, pathname: string, after = 0): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await readOutbox()).filter((m) => m.to.includes(to) && subject.test(m.subject));
      if (mails.length <= after) return '';
      link = mails[mails.length - 1]!.text.match(new RegExp(`https?://\\S+${pathname}\\S*`))?.[0] ?? '';
      return link;
    }, { timeout: 10_000 })
    .not.toBe('');
  return link;
}

/** An account registered and confirmed through the API; `request` keeps its session cookie. */
export async function createConfirmedUser(request: APIRequestContext, profile: Partial<Record<'nombre' | 'apellido' | 'especialidad', string>> = {}) {
  const email = uniqueEmail();
  const response = await request.post('/api/account/sign-up', {
    data: { nombre: 'Carmen', apellido: 'Ortega Ruiz', especialidad: 'Derecho de Familia', ...profile, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status()).toBe(201);
  const token = new URL(await emailLink(email, /Confirma/, '/confirm-email')).searchParams.get('token');
  const confirm = await request.post('/api/account/confirm-email', { data: { token } });
  expect(confirm.ok()).toBe(true);
  return { email, password: PASSWORD };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** axe-core on the current screen: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `violaciones de accesibilidad en ${page.url()}`).toEqual([]);
}

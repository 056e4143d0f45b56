import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test as base } from '@playwright/test';
import axe from 'axe-core';
import { simpleParser } from 'mailparser';

/** The outboxes of both e2e servers (the plain one too): addresses are unique, so one reader serves both. */
const OUTBOXES = [path.resolve('.e2e-data/outbox'), path.resolve('.e2e-data-plain/outbox')];
export const PASSWORD = 'mi-despacho-seguro-2026';

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
  const files = (await Promise.all(OUTBOXES.map(async (box) => (await readdir(box).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).map((f) => ({ box, f })))))
    .flat()
    .sort((a, b) => a.f.localeCompare(b.f));
  return Promise.all(
    files.map(async ({ box, f: file }) => {
      const parsed = await simpleParser(await readFile(path.join(box, file)));
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
    .poll(
      async () => {
        const mails = (await readOutbox()).filter((m) => m.to.includes(to) && subject.test(m.subject));
        if (mails.length <= after) return '';
        link = mails[mails.length - 1]!.text.match(new RegExp(`https?://\\S+${pathname}\\S*`))?.[0] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

/**
 * A new lawyer, the way a person becomes one: the /register form (optional
 * fields left blank unless given), the emailed link, then the dashboard. The
 * page ends signed in, on /dashboard.
 */
export async function registerThroughForm(
  page: Page,
  profile: Partial<Record<'nombre' | 'apellido' | 'especialidad' | 'email', string>> = {},
): Promise<{ email: string; password: string }> {
  const email = profile.email ?? uniqueEmail();
  await page.goto('/register');
  await submitRegisterForm(page, { nombre: profile.nombre ?? 'Carmen', apellido: profile.apellido ?? 'Ortega Ruiz', email, especialidad: profile.especialidad });
  await page.goto(await emailLink(email, /Confirma/, '/confirm-email'));
  await page.getByRole('button', { name: 'Ir al Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password: PASSWORD };
}

/** The /register form on the page, filled (the specialty only when given) and sent: the page ends on /confirm-email. */
export async function submitRegisterForm(page: Page, profile: { nombre: string; apellido: string; email: string; especialidad?: string }) {
  await page.getByLabel('Nombre').fill(profile.nombre);
  await page.getByLabel('Apellido').fill(profile.apellido);
  await page.getByLabel('Email').fill(profile.email);
  if (profile.especialidad) await page.getByLabel('Especialidad (opcional)').fill(profile.especialidad);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * axe-core on the current screen: no serious or critical violation. It looks
 * once what moves has settled: a notice or a dialog still fading in has, for
 * a moment, colours no one reads (endless animations, the spinners, aside).
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `violaciones de accesibilidad en ${page.url()}`).toEqual([]);
}

/** Nothing wider than the screen, no serious accessibility problem, and every button and field at least 44 px high and wide. */
export async function expectFitsThePhone(page: Page, route: string) {
  await page.waitForLoadState('networkidle');
  // The phone's width as set, not window.innerWidth: a mobile browser widens its layout to what overflows (393 px for 3 px too many).
  const screen = page.viewportSize()!.width;
  const widths = { ...(await page.evaluate(() => ({ page: document.documentElement.scrollWidth, body: document.body.scrollWidth }))), viewport: screen };
  expect(widths.page, `${route}: el documento mide ${widths.page} px en una pantalla de ${widths.viewport}`).toBeLessThanOrEqual(widths.viewport);
  expect(widths.body, `${route}: el body mide ${widths.body} px`).toBeLessThanOrEqual(widths.viewport);
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, select, input:not([type=checkbox]):not([type=radio]), [role=tab], [role=button]'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Visible controls only (a file input hides behind its styled label, 1 px wide).
        // Exempt: blocks a grid sizes by what they stand for (an appointment's length in the week view).
        return box.width > 2 && box.height > 2 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('[inert], [aria-hidden=true], [data-size-by-content]');
      })
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return Math.round(box.height) < 44 || Math.round(box.width) < 44;
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} «${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}» ${Math.round(element.getBoundingClientRect().width)}×${Math.round(element.getBoundingClientRect().height)}`,
      ),
  );
  expect(small, `${route}: controles de menos de 44 px`).toEqual([]);
  await expectAccessible(page);
}

/** A case created the way a lawyer does it (/casos/nuevo, title only); returns its id and leaves the page on it. */
export async function createCaseThroughForm(page: Page, titulo: string): Promise<string> {
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill(titulo);
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
  return page.url().split('/').pop()!;
}

/** A client created from the 'Nuevo Cliente' dialog, with only the fields given (the rest left blank). */
export async function createClientThroughForm(page: Page, fields: { nombre: string; email?: string; telefono?: string; empresa?: string }) {
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await dialog.getByLabel('Nombre *').fill(fields.nombre);
  if (fields.email) await dialog.getByLabel('Email').fill(fields.email);
  if (fields.telefono) await dialog.getByLabel('Teléfono').fill(fields.telefono);
  if (fields.empresa) await dialog.getByLabel('Empresa').fill(fields.empresa);
  await dialog.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: fields.nombre })).toBeVisible();
}

/** The text of a PDF, read by pdf.js (the same reader the app's previews use). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

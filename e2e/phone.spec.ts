import { addDays, todayIn } from '@bufete/shared/dates';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createClientThroughForm, expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

/**
 * On a 390 px phone: no screen scrolls sideways, every button is a fingertip
 * (44 px), cards size to what they hold, tabs are never cut off, and a PDF
 * opens as wide as the screen.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/casos',
  '/casos/nuevo',
  '/clientes',
  '/clientes/nuevo',
  '/calendario',
  '/documentos',
  '/boveda',
  '/notas',
  '/ai-assistant',
  '/configuracion',
  '/facturacion',
];
const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/confirm-email',
  '/reset-password',
  '/test-auth',
  '/test-email',
  '/calendar/callback',
  '/google-calendar-diagnostic',
];

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Escrito inicial de demanda', { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

test('ninguna pantalla se desplaza de lado y todo se toca con el dedo', async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughForm(page, { nombre: 'María Fernanda', apellido: 'de la Garza Santillán' });

  // Records the size of real ones: long names, an identity in court, a due date, a document, a note.
  await createClientThroughForm(page, {
    nombre: 'Comercializadora Internacional de Productos Agropecuarios del Noroeste',
    email: 'direccion.juridica.corporativa@comercializadora-agropecuaria-noroeste.com.mx',
    empresa: 'Comercializadora Internacional de Productos Agropecuarios del Noroeste, S.A.P.I. de C.V.',
  });
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill('Juicio ordinario mercantil por incumplimiento del contrato de suministro de granos básicos');
  await page.getByLabel('Cliente', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Fecha de vencimiento').fill(addDays(todayIn('America/Mexico_City'), 3).split('-').reverse().join('/'));
  await page.getByLabel('Número de expediente').fill('1452/2026-II');
  await page.getByLabel('Juzgado o autoridad').fill('Juzgado Décimo Segundo de Distrito en Materia Mercantil Federal en la Ciudad de México');
  await page.getByLabel('Materia').selectOption('mercantil');
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
  const caseUrl = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Documento' });
  await upload.getByLabel('Archivo').setInputFiles({ name: 'Escrito inicial de demanda con anexos y pruebas documentales.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload).toBeHidden();
  await page.getByRole('tab', { name: /Notas/ }).click();
  await page.getByRole('button', { name: 'Nueva Nota' }).click();
  const note = page.getByRole('dialog', { name: 'Nueva Nota' });
  await note.getByLabel('Título *').fill('Estrategia para la audiencia preliminar');
  await note.getByRole('button', { name: 'Crear Nota' }).click();
  await expect(note).toBeHidden();

  await page.goto('/clientes');
  await page.getByRole('link', { name: /^Comercializadora Internacional/ }).click();
  await expect(page).toHaveURL(/\/clientes\/[0-9a-f-]{36}$/);
  const clientUrl = new URL(page.url()).pathname;

  for (const route of [...SIGNED_IN_ROUTES, caseUrl, clientUrl, '/casos/ejemplo-demo-caso-001', '/clientes/ejemplo-cliente-001']) {
    await page.goto(route);
    // /clientes/nuevo opens its dialog over the list: that dialog is the screen.
    await expect(route === '/clientes/nuevo' ? page.getByRole('dialog') : page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
    await expectFitsThePhone(page, route);
  }

  // Cards hold what they have, no fixed height on a phone.
  await page.goto('/documentos');
  const card = page.getByTestId('document-card').first();
  expect((await card.boundingBox())!.height).toBeLessThan(280);

  // Settings: all five tabs in view, 'Tus datos' and 'Preferencias' included, and the time zone by name.
  await page.goto('/configuracion');
  const preferencias = page.getByRole('tab', { name: 'Preferencias' });
  await expect(preferencias).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('tab', { name: 'Tus datos' })).toBeInViewport({ ratio: 1 });
  await page.getByRole('tab', { name: 'Tus datos' }).click();
  await expectFitsThePhone(page, '/configuracion (Tus datos)');
  await preferencias.click();
  await expect(page.getByLabel('Zona horaria').locator('option:checked')).toHaveText(/^Centro \(Ciudad de México, Guadalajara, Monterrey\) · GMT-6$/);
  await expectFitsThePhone(page, '/configuracion (Preferencias)');
});

test('un PDF se abre ajustado al ancho del teléfono, con acercar y volver a ajustar', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/documentos');
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Documento' });
  await upload.getByLabel('Archivo').setInputFiles({ name: 'demanda.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload).toBeHidden();
  // On a phone the notice covers the document's buttons, and a pointer over it keeps it: it goes first, as a person waits for it.
  await expect(page.getByText('Documento subido correctamente')).toBeHidden();

  await page.getByRole('button', { name: 'Ver demanda.pdf' }).click();
  const viewer = page.getByRole('dialog', { name: 'demanda.pdf' });
  const pageImage = viewer.getByRole('img', { name: 'Página 1 de 1' });
  await expect(pageImage).toBeVisible({ timeout: 15_000 });
  const fit = viewer.getByRole('button', { name: 'Ajustar al ancho' });
  await expect(fit).toHaveAttribute('aria-pressed', 'true');
  const body = (await viewer.getByTestId('viewer-body').boundingBox())!;
  const fitted = (await pageImage.boundingBox())!;
  expect(fitted.width).toBeLessThanOrEqual(body.width);
  expect(fitted.width).toBeGreaterThan(body.width * 0.8);
  expect(await viewer.getByTestId('viewer-body').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  await viewer.getByRole('button', { name: 'Acercar' }).click();
  await expect(fit).toHaveAttribute('aria-pressed', 'false');
  await expect(viewer.getByTestId('zoom-level')).toHaveText('125%');
  await expect.poll(async () => (await pageImage.boundingBox())!.width).toBeGreaterThan(body.width);
  await fit.click();
  await expect(viewer.getByTestId('zoom-level')).toHaveText('Ancho');
  await expect.poll(async () => (await pageImage.boundingBox())!.width).toBeLessThanOrEqual(body.width);
  await expectAccessible(page);
});

test.describe('sin sesión', () => {
  test('las páginas públicas tampoco se desplazan de lado', async ({ page }) => {
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectFitsThePhone(page, route);
    }
  });
});

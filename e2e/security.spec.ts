import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { readZip } from '../apps/server/test/support/zip';
import { createCaseThroughForm, createClientThroughForm, emailLink, expect, expectAccessible, registerThroughForm, signIn, test } from './support';

const jsQrPath = createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js');

/** Reads the QR on the screen as a phone's camera would: the SVG drawn to a canvas, decoded by jsQR in the page. */
async function scanQr(page: Page): Promise<string> {
  await page.addScriptTag({ path: jsQrPath });
  return page.getByTestId('qr-code').evaluate(async (svg) => {
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: 400, height: 400 });
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, 400, 400);
    const { data } = context.getImageData(0, 0, 400, 400);
    const decode = (window as unknown as { jsQR: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null }).jsQR;
    return decode(data, 400, 400)?.data ?? '';
  });
}

/** The code an authenticator app shows for the secret in the otpauth:// URI. */
const codeOf = (uri: string) => new TOTP({ secret: Secret.fromBase32(new URL(uri).searchParams.get('secret')!), digits: 6, period: 30 }).generate();

async function signInUpToTheCode(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/verificacion$/);
}

test('verificación en dos pasos: se activa con el QR y un código, pide el código al entrar (o uno de recuperación), rechaza uno incorrecto; «Cerrar las demás» cierra otro navegador', async ({
  page,
  browser,
}) => {
  const { email, password } = await registerThroughForm(page);
  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  const card = page.getByTestId('two-factor-card');
  await expect(card).toContainText('Inactiva');
  await card.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  await card.getByLabel('Tu contraseña').fill(password);
  await card.getByRole('button', { name: 'Continuar' }).click();
  await expect(card.getByTestId('qr-code')).toBeVisible();
  const uri = await scanQr(page);
  expect(uri).toMatch(/^otpauth:\/\/totp\/Bufete:/);
  expect(new URL(uri).searchParams.get('secret')).toBe((await card.getByTestId('totp-secret').textContent())!.replace(/\s/g, ''));
  await expectAccessible(page);
  await card.getByLabel('Código de 6 dígitos').fill('000000');
  await card.getByRole('button', { name: 'Activar', exact: true }).click();
  await expect(card.getByText('El código no es correcto.', { exact: false })).toBeVisible();
  await card.getByLabel('Código de 6 dígitos').fill(codeOf(uri));
  await card.getByRole('button', { name: 'Activar', exact: true }).click();
  const codes = card.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await codes.getByRole('button', { name: 'Descargar códigos (.txt)' }).click();
  const txt = await readFile((await (await download).path())!, 'utf8');
  const recovery = txt.split('\r\n').filter((line) => /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(line));
  expect(recovery).toHaveLength(10);
  expect(txt).toContain(`Cuenta: ${email}`);
  await codes.getByRole('button', { name: 'Ya los guardé' }).click();
  // The keyboard stays in the card, on what it now says.
  await expect(page.getByText(/^Te quedan 10 códigos de recuperación\.$/)).toBeFocused();
  await expect(card).toContainText('Activa');
  await expect(card).toContainText('Te quedan 10 códigos de recuperación.');

  // Signing in now asks for the code: a wrong one is refused, the right one opens the dashboard.
  await page.getByRole('button', { name: /Menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInUpToTheCode(page, email, password);
  await expectAccessible(page);
  await page.getByLabel('Código de verificación').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('El código no es correcto.', { exact: false })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(codeOf(uri));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Another browser, with a recovery code.
  const other = await browser.newContext({ locale: 'es-ES', timezoneId: 'America/Mexico_City' });
  const phone = await other.newPage();
  await signInUpToTheCode(phone, email, password);
  await phone.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await phone.getByLabel('Código de recuperación').fill(recovery[0]!);
  await phone.getByRole('button', { name: 'Verificar' }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);

  // Seguridad lists both; 'Cerrar las demás' ends the other browser's.
  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  const sessions = page.getByTestId('sessions-card');
  await expect(sessions.getByTestId('session-row')).toHaveCount(2);
  await expect(sessions.getByTestId('session-row').filter({ hasText: 'Esta sesión' })).toContainText('Chrome');
  await expect(page.getByTestId('two-factor-card')).toContainText('Te quedan 9 códigos de recuperación.');
  await sessions.getByRole('button', { name: 'Cerrar las demás' }).click();
  await expect(page.getByText('Se cerró 1 sesión.')).toBeVisible();
  await expect(sessions.getByTestId('session-row')).toHaveCount(1);
  await phone.goto('/casos');
  await expect(phone).toHaveURL(/\/login$/);
  await other.close();

  // All of it is in 'Actividad de la cuenta'.
  const activity = page.getByTestId('account-history-card');
  await activity.getByLabel('Mostrar').selectOption({ label: 'Cuenta y seguridad' });
  await expect(activity.getByTestId('history')).toContainText('Se cerró la otra sesión abierta');
  await expect(activity.getByTestId('history')).toContainText('Inicio de sesión en Chrome (Windows) con un código de recuperación');
  await expect(activity.getByTestId('history')).toContainText('Verificación en dos pasos activada');
});

test('el historial de un caso: quién cambió qué y cuándo, con el valor anterior y el nuevo', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Amparo 77/2026');
  await page.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: /Editar/ });
  await dialog.getByLabel('Estado').selectOption('Activo');
  await dialog.getByRole('button', { name: /Guardar/ }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: /Historial/ }).click();
  const history = page.getByTestId('case-history');
  await expect(history.getByRole('listitem').first()).toContainText('Caso «Amparo 77/2026» editado');
  await expect(history).toContainText('Estado: Pendiente → Activo');
  await expect(history).toContainText('Caso «Amparo 77/2026» creado');
  await expectAccessible(page);
});

test('cerrar la cuenta cierra la sesión; iniciar sesión dentro de los 30 días la restaura completa', async ({ page }) => {
  const { email, password } = await registerThroughForm(page);
  await createCaseThroughForm(page, 'Caso que debe volver');
  await page.goto('/configuracion?tab=seguridad');
  const card = page.getByTestId('close-account-card');
  // Above the activity log, and it says to export first: invoices are kept five years.
  await expect(card.getByRole('link', { name: 'exporta todos tus datos' })).toHaveAttribute('href', '/configuracion?tab=datos');
  await expect(card).toContainText('Código Fiscal de la Federación, art. 30');
  expect((await card.boundingBox())!.y).toBeLessThan((await page.getByTestId('account-history-card').boundingBox())!.y);
  await card.getByRole('button', { name: 'Cerrar mi cuenta…' }).click();
  await card.getByLabel('Tu contraseña', { exact: true }).fill(password);
  // Not without saying they mean it.
  await card.getByRole('button', { name: 'Cerrar mi cuenta', exact: true }).click();
  await expect(card.getByText('Marca la casilla para confirmar que quieres cerrar tu cuenta.')).toBeVisible();
  await expectAccessible(page);
  await card.getByLabel('Entiendo que en 30 días se eliminará todo lo que guardo en Bufete y no se podrá recuperar.').check();
  await card.getByRole('button', { name: 'Cerrar mi cuenta', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/^Cerramos tu cuenta\. Sus datos se eliminarán el \d+ de \w+ de \d{4}; si inicias sesión antes, se restaura\.$/)).toBeVisible();
  await page.goto('/casos');
  await expect(page).toHaveURL(/\/login$/);
  // An email says so, with the day and how to undo it.
  const link = await emailLink(email, /Cerraste tu cuenta de Bufete/, '/login');
  expect(new URL(link).pathname).toBe('/login');

  // Signing in restores it, and the screen says so.
  await signIn(page, email, password);
  await expect(page.getByText('Tu cuenta estaba cerrada: al iniciar sesión la restauramos completa y ya no se eliminará.')).toBeVisible();
  await page.goto('/casos');
  await expect(page.getByText('Caso que debe volver')).toBeVisible();
  await page.goto('/configuracion?tab=seguridad');
  await expect(page.getByTestId('account-history-card').getByTestId('history')).toContainText('Cuenta restaurada al iniciar sesión antes de que se eliminaran sus datos');
});

test('exportar los datos de un cliente: un .zip con sus datos, para atender su solicitud de acceso', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Lucía Hernández', email: 'lucia@example.com' });
  await page
    .getByRole('link', { name: /Lucía Hernández/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucía Hernández' })).toBeVisible();
  await page.getByRole('button', { name: 'Exportar datos del cliente' }).click();
  // The lawyer chooses what goes: internal notes and time stay out unless chosen.
  const dialog = page.getByRole('dialog', { name: 'Exportar datos del cliente' });
  await expect(dialog.getByLabel('Notas internas del despacho')).not.toBeChecked();
  await expect(dialog.getByLabel('Tiempo registrado')).not.toBeChecked();
  await expect(dialog.getByLabel('Documentos, con sus archivos')).toBeChecked();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Exportar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^datos-cliente-lucia-hernandez-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(dialog).toBeHidden();
  const entries = await readZip(await readFile((await file.path())!));
  expect(JSON.parse(entries.get('cliente.json')!.toString('utf8'))).toMatchObject({ nombre: 'Lucía Hernández', email: 'lucia@example.com' });
  expect(entries.has('notas.json')).toBe(false);
  expect(entries.get('LEEME.txt')!.toString('utf8')).toContain('Datos de Lucía Hernández en el despacho');
  // The summary a client can read opens in the browser itself.
  const summary = entries.get('resumen.html')!.toString('utf8');
  await page.setContent(summary);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datos de Lucía Hernández');
  await expect(page.getByRole('table').first()).toContainText('lucia@example.com');
});

test('eliminar los datos de un cliente: primero dice qué se va y qué se conserva; sin facturas el cliente se elimina', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Pedro Ruiz', email: 'pedro@example.com' });
  await page
    .getByRole('link', { name: /Pedro Ruiz/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Eliminar datos del cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar datos del cliente' });
  await expect(dialog.getByTestId('erase-client')).toContainText('El cliente y todos sus datos de contacto');
  await expect(dialog.getByTestId('erase-client')).toContainText('0 casos y 0 citas: son trabajo del despacho, y quedan sin cliente');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Eliminar datos' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Marca la casilla para confirmar que quieres eliminar los datos de este cliente.');
  await dialog.getByLabel('Entiendo que esto no se puede deshacer.').check();
  await dialog.getByRole('button', { name: 'Eliminar datos' }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByText('Se eliminaron los datos de Pedro Ruiz.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Pedro Ruiz/ })).toHaveCount(0);
});

test('exportar todos mis datos: progreso, aviso por email y descarga; otra cuenta nueva los importa y tiene el mismo caso con su documento', async ({ page, browser }) => {
  const { email } = await registerThroughForm(page);
  await createCaseThroughForm(page, 'Juicio ordinario civil');
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir Documento' });
  const contrato = Buffer.from('Contrato de arrendamiento: renta mensual de 12,000 pesos.', 'utf8');
  await dialog.getByLabel('Archivo').setInputFiles({ name: 'Contrato de arrendamiento.txt', mimeType: 'text/plain', buffer: contrato });
  await dialog.getByRole('button', { name: 'Subir' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Tus datos' }).click();
  const card = page.getByTestId('export-card');
  await card.getByRole('button', { name: 'Exportar todos mis datos' }).click();
  // The progress shows from the moment it is asked for, then the download once stored.
  await expect(card.getByRole('progressbar', { name: 'Preparando tu exportación' })).toBeVisible();
  await expect(card.getByTestId('export-ready')).toContainText('Tu exportación está lista', { timeout: 30_000 });
  await expect(card.getByRole('button', { name: 'Exportar todos mis datos' })).toBeHidden();
  await expectAccessible(page);

  // The email says it is ready and leads back to this tab.
  const link = await emailLink(email, /Tu exportación de datos está lista/, '/configuracion');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('tab', { name: 'Tus datos' })).toHaveAttribute('aria-selected', 'true');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-ready').getByRole('link', { name: 'Descargar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bufete-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = (await file.path())!;
  const entries = await readZip(await readFile(zipPath));
  expect(entries.get('casos/Juicio ordinario civil/documentos/Contrato de arrendamiento.txt')!.equals(contrato)).toBe(true);
  expect(entries.get('casos.csv')!.toString('utf8')).toContain('Juicio ordinario civil');
  expect(entries.get('LEEME.txt')!.toString('utf8')).toContain('Para recuperar todo en otra cuenta de Bufete');

  // Another lawyer's fresh account takes it back whole.
  const other = await browser.newContext();
  const newcomer = await other.newPage();
  await registerThroughForm(newcomer, { nombre: 'Rosa', apellido: 'Beltrán' });
  await newcomer.goto('/configuracion?tab=datos');
  const importCard = newcomer.getByTestId('import-card');
  await importCard.getByLabel('Archivo .zip de tu exportación').setInputFiles(zipPath);
  await importCard.getByRole('button', { name: 'Revisar el archivo' }).click();
  // Before anything goes in, what it brings and whose it was.
  const preview = importCard.getByTestId('import-preview');
  await expect(preview).toContainText('Exportación de Carmen Ortega Ruiz del');
  await expect(preview.getByTestId('import-areas')).toContainText('Casos1');
  await expect(preview.getByTestId('import-areas')).toContainText('Documentos1');
  await expectAccessible(newcomer);
  await preview.getByRole('button', { name: 'Importar estos datos' }).click();
  await expect(importCard.getByText('Importación terminada: tus datos ya están en esta cuenta.')).toBeVisible({ timeout: 30_000 });
  await expect(importCard.getByTestId('import-summary')).toContainText('Casos1');
  // The account is still hers: the dashboard greets her, not the lawyer who exported.
  await newcomer.goto('/dashboard');
  await expect(newcomer.getByRole('heading', { level: 1 })).toHaveText('¡Hola, Rosa!');
  await newcomer.getByRole('link', { name: 'Casos' }).first().click();
  await newcomer
    .getByRole('link', { name: /Juicio ordinario civil/ })
    .first()
    .click();
  await expect(newcomer.getByRole('tab', { name: /Documentos \(1\)/ })).toBeVisible();
  await expect(newcomer.getByTestId('document-card').filter({ hasText: 'Contrato de arrendamiento.txt' })).toBeVisible();
  // A zip from anywhere else is refused in Spanish.
  await newcomer.goto('/configuracion?tab=datos');
  await newcomer
    .getByTestId('import-card')
    .getByLabel('Archivo .zip de tu exportación')
    .setInputFiles({ name: 'otro.zip', mimeType: 'application/zip', buffer: Buffer.from('PK no es un zip') });
  await newcomer.getByTestId('import-card').getByRole('button', { name: 'Revisar el archivo' }).click();
  await expect(newcomer.getByTestId('import-card').getByRole('alert')).toHaveText('El archivo está dañado o incompleto. Descárgalo de nuevo y vuelve a intentarlo.');
  await other.close();
});

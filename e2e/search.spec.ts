import { createCaseThroughForm, createClientThroughForm, expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

test('Ctrl+K busca en todo: un documento encontrado por su contenido se abre en el visor; la página de resultados filtra por tipo', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Rosa Martínez Ibáñez' });
  await createCaseThroughForm(page, 'Juicio ejecutivo mercantil de Rosa');

  // A document whose name says nothing: only its content speaks of the pagaré.
  await page.goto('/documentos');
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Documento' });
  await upload.getByLabel('Archivo').setInputFiles({
    name: 'escrito-03.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Se reclama el pago del pagaré vencido más los intereses moratorios pactados al 3 % mensual.'),
  });
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload).toBeHidden();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: '¡Hola, Carmen!' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Buscar casos, clientes, documentos' });
  await expect(box).toBeFocused();
  // Without accents, as people type.
  await box.fill('pagare');
  const results = page.getByRole('listbox', { name: 'Resultados de la búsqueda' });
  const documentos = results.getByRole('group', { name: 'Documentos' });
  await expect(documentos.getByRole('option', { name: /escrito-03\.txt/ })).toBeVisible();
  await expect(documentos.locator('mark')).toHaveText(['pagaré']);
  await expectAccessible(page);

  await box.press('ArrowDown');
  await expect(documentos.getByRole('option', { name: /escrito-03\.txt/ })).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'escrito-03.txt' });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText('intereses moratorios');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // '/' also opens it; Esc closes the panel.
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await box.fill('rosa');
  await expect(results.getByRole('group', { name: 'Clientes' })).toContainText('Rosa Martínez Ibáñez');
  await expect(results.getByRole('group', { name: 'Casos' })).toContainText('Juicio ejecutivo mercantil de Rosa');
  await box.press('Escape');
  await expect(results).toBeHidden();

  // 'Ver todos los resultados' → /buscar, and its filter per kind.
  await box.fill('rosa');
  await results.getByRole('option', { name: 'Ver todos los resultados' }).click();
  await expect(page).toHaveURL(/\/buscar\?q=rosa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados de búsqueda' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Clientes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Casos' })).toBeVisible();
  await page.getByRole('group', { name: 'Filtrar por tipo' }).getByRole('button', { name: 'Casos' }).click();
  await expect(page).toHaveURL(/tipo=casos/);
  await expect(page.getByRole('link', { name: /Juicio ejecutivo mercantil de Rosa/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Rosa Martínez Ibáñez/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: /Juicio ejecutivo mercantil de Rosa/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Juicio ejecutivo mercantil de Rosa' })).toBeVisible();

  // Nothing found says so; the sample records are found like the lists show them.
  await page.goto('/buscar?q=zzzyyxx');
  await expect(page.getByText('Sin resultados para «zzzyyxx».')).toBeVisible();
  await page.goto('/buscar?q=ejemplo');
  await expect(page.getByRole('region', { name: 'Clientes' }).getByRole('link', { name: /Cliente de Ejemplo/ })).toBeVisible();
  // A note found opens over the notes list, in its own dialog.
  await page.goto('/buscar?q=primeros%20pasos');
  await page
    .getByRole('region', { name: 'Notas' })
    .getByRole('link', { name: /Primeros pasos con tus notas/ })
    .click();
  await expect(page).toHaveURL(/\/notas\?ver=/);
  await expect(page.getByRole('dialog', { name: 'Primeros pasos con tus notas' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/notas$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsThePhone(page, '/buscar?q=rosa');
  await page.getByRole('combobox', { name: 'Buscar casos, clientes, documentos' }).fill('rosa');
  await expect(page.getByRole('listbox', { name: 'Resultados de la búsqueda' })).toBeVisible();
  const panel = await page.getByRole('listbox', { name: 'Resultados de la búsqueda' }).boundingBox();
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
});

import { createCaseThroughForm, expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

test('las actuaciones de un caso: se registran con lo opcional en blanco, se editan con su fecha de efectos y un documento, y se eliminan', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Hipotecario Banco del Centro');
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Documento' });
  await upload.getByLabel('Archivo').setInputFiles({ name: 'Acuerdo 20-11.txt', mimeType: 'text/plain', buffer: Buffer.from('Se admite la demanda') });
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload).toBeHidden();

  await page.getByRole('tab', { name: 'Actuaciones' }).click();
  await expect(page).toHaveURL(/tab=actuaciones/);
  await expect(page.getByText('Aún no hay actuaciones en este caso.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva actuación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva actuación' });
  await expectAccessible(page);
  // Nothing written: the text is asked for, in Spanish.
  await dialog.getByRole('button', { name: 'Registrar actuación' }).click();
  await expect(dialog.getByText('Escribe el texto de la actuación, como se publicó')).toBeVisible();
  await dialog.getByLabel('Fecha de publicación').fill('20/11/2026');
  await dialog.getByLabel('Tipo').selectOption({ label: 'Auto admisorio' });
  await dialog.getByLabel('Texto publicado').fill('Se admite la demanda en la vía especial hipotecaria y se ordena el emplazamiento.');
  await dialog.getByRole('button', { name: 'Registrar actuación' }).click();
  await expect(dialog).toBeHidden();
  const item = page.getByTestId('actuacion');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Auto admisorio');
  await expect(item).toContainText('Publicada el 20 de noviembre de 2026');
  await expect(item).toContainText('Sin fecha de efectos · Captura manual');

  // Its effects can only come on or after its publication; then a document of the case goes with it.
  await item.getByRole('button', { name: /Editar actuación/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar actuación' });
  await expect(edit.getByLabel('Texto publicado')).toHaveValue(/vía especial hipotecaria/);
  await edit.getByLabel('Surte efectos').fill('19/11/2026');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit.getByText('La fecha en que surte efectos no puede ser anterior a la de publicación')).toBeVisible();
  await edit.getByLabel('Surte efectos').fill('23/11/2026');
  await edit.getByLabel('Acuerdo 20-11.txt').check();
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit).toBeHidden();
  await expect(item).toContainText('Surte efectos el 23 de noviembre de 2026');
  await expect(item.getByRole('link', { name: 'Acuerdo 20-11.txt' })).toBeVisible();

  // The case's history tells it.
  await page.getByRole('tab', { name: 'Historial' }).click();
  await expect(page.getByText('Actuación editada: Auto admisorio del 20/11/2026')).toBeVisible();

  await page.getByRole('tab', { name: 'Actuaciones' }).click();
  await item.getByRole('button', { name: /Eliminar actuación/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Actuación eliminada')).toBeVisible();
  await expect(page.getByTestId('actuacion')).toHaveCount(0);
});

test.describe('en el móvil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('las actuaciones caben en 390 px', async ({ page }) => {
    await registerThroughForm(page);
    const id = await createCaseThroughForm(page, 'Amparo indirecto contra el embargo');
    await page.goto(`/casos/${id}?tab=actuaciones`);
    await page.getByRole('button', { name: 'Nueva actuación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva actuación' });
    await dialog.getByLabel('Texto publicado').fill('Se tiene por presentada la demanda de amparo. Se pide informe justificado a la autoridad responsable. '.repeat(8));
    await dialog.getByRole('button', { name: 'Registrar actuación' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ver el texto completo' })).toBeVisible();
    await expectFitsThePhone(page, `/casos/${id}?tab=actuaciones`);
  });
});

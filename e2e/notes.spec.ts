import { createCaseThroughForm, expect, expectAccessible, registerThroughForm, test } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('nota con dos etiquetas: búsqueda, favorita tras recargar, imagen y eliminación', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/notas');
  await expect(page.getByTestId('note-card')).toHaveCount(1); // the sample note
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nueva Nota' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Nota' });
  await expect(dialog.getByRole('button', { name: 'Crear Nota' })).toBeDisabled();
  await dialog.getByLabel('Título *').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Crear Nota' })).toBeDisabled();
  await dialog.getByLabel('Título *').fill('Estrategia de custodia');
  const editor = dialog.getByRole('textbox', { name: 'Contenido' });
  await editor.click();
  await page.keyboard.type('Reunir pruebas sobre los ');
  await dialog.getByRole('button', { name: 'Negrita' }).click();
  await page.keyboard.type('abogados');
  await dialog.getByRole('button', { name: 'Negrita' }).click();
  await page.keyboard.type(' de la otra parte.');
  for (const [nombre, color] of [
    ['familiar', '#a6e3a1'],
    ['urgente', '#f38ba8'],
  ]) {
    await dialog.getByLabel('Nombre de la nueva etiqueta').fill(nombre!);
    await dialog.getByRole('radio', { name: `Color ${color}` }).click();
    await dialog.getByRole('button', { name: 'Crear', exact: true }).click();
    await expect(dialog.getByRole('button', { name: nombre })).toHaveAttribute('aria-pressed', 'true');
  }
  // A tag can be unpicked and picked again.
  await dialog.getByRole('button', { name: 'familiar' }).click();
  await expect(dialog.getByRole('button', { name: 'familiar' })).toHaveAttribute('aria-pressed', 'false');
  await dialog.getByRole('button', { name: 'familiar' }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Crear Nota' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('note-card').filter({ hasText: 'Estrategia de custodia' });
  await expect(card.getByTestId('note-tags')).toContainText('familiar');
  await expect(card.getByTestId('note-tags')).toContainText('urgente');

  // Found by a word of its content (Spanish stemming: "abogado" finds "abogados") and by tag.
  await page.getByLabel('Buscar notas').fill('abogado');
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await expect(page.getByTestId('note-card')).toContainText('Estrategia de custodia');
  await page.getByLabel('Buscar notas').fill('');
  await page.getByLabel('Filtrar por etiqueta').selectOption({ label: 'urgente' });
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await page.getByLabel('Filtrar por etiqueta').selectOption('');

  // The star shows at once and is still there after a reload.
  await card.getByRole('button', { name: 'Marcar Estrategia de custodia como favorita' }).click();
  await expect(card.getByRole('button', { name: 'Quitar Estrategia de custodia de favoritas' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Quitar Estrategia de custodia de favoritas' })).toBeVisible();

  // Open it: the bold text is bold, and an image can be added.
  await page.getByRole('button', { name: 'Ver Estrategia de custodia' }).click();
  const detail = page.getByRole('dialog', { name: 'Estrategia de custodia' });
  await expect(detail.getByTestId('note-content').locator('strong')).toHaveText('abogados');
  await detail.getByTestId('image-input').setInputFiles({ name: 'evidencia.png', mimeType: 'image/png', buffer: PNG });
  await expect(detail.getByTestId('image-gallery').getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Eliminar Estrategia de custodia' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('¿Estás seguro de que quieres eliminar esta nota?');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByTestId('note-card')).toHaveCount(1);
});

test('la nota de ejemplo es de solo lectura', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/notas');
  const sample = page.getByTestId('note-card').filter({ hasText: 'Primeros pasos con tus notas' });
  await expect(sample.getByTestId('note-tags')).toContainText('bienvenida');
  await expect(sample.getByTestId('note-tags')).toContainText('tutorial');
  await sample.getByRole('button', { name: /^Eliminar/ }).click();
  await expect(page.getByText('No puedes eliminar la nota de ejemplo')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.goto('/casos/ejemplo-demo-caso-001');
  await page.getByRole('tab', { name: /Notas \(3\)/ }).click();
  await expect(page.getByTestId('note-card')).toHaveCount(3);
  await page.getByRole('button', { name: 'Eliminar Llamada con el cliente' }).click();
  await expect(page.getByText('No puedes eliminar notas del caso de ejemplo')).toBeVisible();
});

test('una nota creada desde la pestaña del caso queda vinculada y cuenta en la pestaña', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Despido de Ramírez');
  await page.getByRole('tab', { name: /Notas \(0\)/ }).click();
  await page.getByRole('button', { name: 'Nueva Nota' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Nota' });
  await dialog.getByLabel('Título *').fill('Calcular finiquito');
  await dialog.getByRole('button', { name: 'Crear Nota' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: /Notas \(1\)/ })).toBeVisible();
  await expect(page.getByTestId('note-card')).toContainText('Despido de Ramírez');

  await page.goto('/notas');
  await expect(page.getByLabel('Filtrar por caso')).toBeVisible();
  await page.getByLabel('Filtrar por caso').selectOption({ label: 'Despido de Ramírez' });
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await expect(page.getByTestId('note-card')).toContainText('Calcular finiquito');
});

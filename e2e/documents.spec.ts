import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createCaseThroughForm, createClientThroughForm, expect, expectAccessible, registerThroughForm, test } from './support';

async function pdfWith(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const line of lines) pdf.addPage([595, 842]).drawText(line, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await pdf.save());
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAACAAAAAQCAIAAAD4YuoOAAAAKklEQVR42mP8z8DwnwEJMDIyMjAyMqILMDIyMv5nYGBgYmBgYmCgDQAAWO4DEVm4tt4AAAAASUVORK5CYII=', 'base64');

test('PDF en un caso: pestaña, /documentos, vista previa, búsqueda por contenido y eliminación', async ({ page }) => {
  await registerThroughForm(page);
  const casoId = await createCaseThroughForm(page, 'Juicio ejecutivo mercantil');
  await expect(page.getByRole('tab', { name: /Documentos \(0\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir Documento' });
  await expectAccessible(page);
  await dialog
    .getByLabel('Archivo')
    .setInputFiles({ name: 'Pagaré vencido.pdf', mimeType: 'application/pdf', buffer: await pdfWith(['Reclamacion del pagare vencido', 'Intereses moratorios']) });
  await dialog.getByRole('button', { name: 'Subir' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: /Documentos \(1\)/ })).toBeVisible();
  const card = page.getByTestId('document-card').filter({ hasText: 'Pagaré vencido.pdf' });
  await expect(card).toBeVisible();

  // Preview: pdf.js draws both pages.
  await card.getByRole('button', { name: 'Ver Pagaré vencido.pdf' }).click();
  const viewer = page.getByRole('dialog', { name: 'Pagaré vencido.pdf' });
  await expect(viewer.getByRole('img', { name: 'Página 2 de 2' })).toBeVisible({ timeout: 15_000 });
  await viewer.getByRole('button', { name: 'Acercar' }).click();
  await expect(viewer.getByTestId('zoom-level')).toHaveText('125%');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // In /documentos, found by a word of its content.
  await page.goto('/documentos');
  await expect(page.getByTestId('document-card')).toHaveCount(2); // the sample document and ours
  await expectAccessible(page);
  await page.getByLabel('Buscar documentos por nombre o contenido').fill('moratorios');
  await expect(page.getByTestId('document-card')).toHaveCount(1);
  await expect(page.getByTestId('document-card')).toContainText('Juicio ejecutivo mercantil');
  await page.getByLabel('Buscar documentos por nombre o contenido').fill('hipotecario');
  await expect(page.getByText('No se encontraron documentos que coincidan con la búsqueda.')).toBeVisible();
  await page.getByLabel('Buscar documentos por nombre o contenido').fill('');

  await page.getByRole('button', { name: 'Eliminar Pagaré vencido.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByTestId('document-card')).toHaveCount(1);
  await page.goto(`/casos/${casoId}`);
  await expect(page.getByRole('tab', { name: /Documentos \(0\)/ })).toBeVisible();
});

test('imagen en un caso: galería y giro en el visor', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Accidente de tránsito');
  await page.getByRole('tab', { name: /Imágenes/ }).click();
  await page.getByTestId('image-input').setInputFiles({ name: 'choque.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('tab', { name: /Imágenes \(1\)/ })).toBeVisible();
  await page.getByTestId('image-input').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una imagen') });
  await expect(page.getByText('Solo se permiten archivos de imagen')).toBeVisible();

  await page.getByRole('button', { name: 'Ver choque.png' }).click();
  const image = page.getByTestId('viewer-image');
  await expect(image).toHaveAttribute('data-rotation', '0');
  await page.getByRole('button', { name: 'Girar 90°' }).click();
  await expect(image).toHaveAttribute('data-rotation', '90');
  await expect(image).toHaveCSS('transform', /matrix\(0, 1, -1, 0/);
  await expectAccessible(page);
});

test('el documento de ejemplo y los archivos del caso de ejemplo son de solo lectura', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/documentos');
  const sample = page.getByTestId('document-card').filter({ hasText: 'Guía de inicio de Bufete.pdf' });
  await sample.getByRole('button', { name: /^Descargar/ }).click();
  await expect(page.getByText('Este es un documento de ejemplo. Sube tus propios documentos para descargarlos.')).toBeVisible();
  await sample.getByRole('button', { name: /^Eliminar/ }).click();
  await expect(page.getByText('No puedes eliminar el documento de ejemplo')).toBeVisible();
  await sample.getByRole('button', { name: /^Ver/ }).click();
  await expect(page.getByRole('dialog').getByText('Documento de ejemplo.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/casos/ejemplo-demo-caso-001');
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  await expect(page.getByText('Este es un caso de ejemplo. Crea tu propio caso para subir documentos e imágenes.')).toBeVisible();
  await expect(page.getByTestId('document-card')).toHaveCount(2);
  await page.getByRole('tab', { name: /Imágenes \(2\)/ }).click();
  await expect(page.getByTestId('image-gallery').getByRole('listitem')).toHaveCount(2);
});

/** A small .xlsx with shared strings, as Excel writes it. */
async function workbook(rows: string[][]): Promise<Buffer> {
  const JSZip = (await import('jszip')).default;
  const zip = new JSZip();
  const strings = [...new Set(rows.flat())];
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
  );
  zip.file(
    'xl/workbook.xml',
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Honorarios" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  );
  zip.file(
    'xl/sharedStrings.xml',
    `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
  );
  const sheetRows = rows
    .map((row, r) => `<row r="${r + 1}">${row.map((cell, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="s"><v>${strings.indexOf(cell)}</v></c>`).join('')}</row>`)
    .join('');
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

test('una hoja de cálculo se ve como tabla en el visor', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/documentos');
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir Documento' });
  await dialog.getByLabel('Archivo').setInputFiles({
    name: 'Honorarios 2026.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook([
      ['Cliente', 'Monto'],
      ['García', '12500'],
      ['Núñez', '8000'],
    ]),
  });
  await dialog.getByRole('button', { name: 'Subir' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Ver Honorarios 2026.xlsx' }).click();
  const table = page.getByRole('dialog', { name: 'Honorarios 2026.xlsx' }).getByTestId('sheet-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Núñez');
});

test('un documento o una nota que se agrega dentro de un caso toma el cliente del caso', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Ramiro Téllez' });
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill('Prescripción positiva');
  await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Ramiro Téllez' });
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prescripción positiva' })).toBeVisible();

  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Documento' });
  await expect(upload.getByLabel('Cliente (opcional)').locator('option:checked')).toHaveText('Ramiro Téllez');
  await upload.getByLabel('Archivo').setInputFiles({ name: 'Escritura.txt', mimeType: 'text/plain', buffer: Buffer.from('Escritura de compraventa') });
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload).toBeHidden();

  await page.getByRole('tab', { name: /Notas/ }).click();
  await page.getByRole('button', { name: 'Nueva Nota' }).click();
  const note = page.getByRole('dialog', { name: 'Nueva Nota' });
  await expect(note.getByLabel('Cliente (opcional)').locator('option:checked')).toHaveText('Ramiro Téllez');
  await page.keyboard.press('Escape');

  // The document is the client's too: it shows on their page.
  await page.goto('/clientes');
  await page
    .getByRole('link', { name: /Ramiro Téllez/ })
    .first()
    .click();
  await page.getByRole('tab', { name: /Documentos/ }).click();
  await expect(page.getByTestId('document-card').filter({ hasText: 'Escritura.txt' })).toBeVisible();
});

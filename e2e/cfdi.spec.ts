import { readFile, writeFile } from 'node:fs/promises';
import { addDays } from '@bufete/shared/dates';
import { qrInPdf } from '../apps/server/test/support/pdf-tools';
import { satSchemaErrors, satSealVerifies } from '../apps/server/test/support/sat-tools';
import type { Page } from '@playwright/test';
import { FAKE_PAC, PLAIN_PORT } from '../playwright.config';
import { newInvoice, readyToInvoiceACompany, today, typed } from './invoicing';
import { expect, expectAccessible, pdfText, registerThroughForm, test } from './support';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

test('con el PAC: timbra la factura de una empresa, muestra el UUID, da el PDF con su QR y el XML, timbra el complemento de un pago parcial y cancela con el motivo 02', async ({
  page,
}) => {
  await registerThroughForm(page);
  await readyToInvoiceACompany(page, { clientEmail: 'contabilidad@kemper.mx' });
  await page.goto('/facturacion');
  const dialog = await newInvoice(page, { concepto: 'Honorarios por amparo indirecto', monto: '10000', cliente: 'Escuela Kemper' });
  await dialog.getByRole('button', { name: 'Crear Factura' }).click();
  await expect(dialog).toBeHidden();
  await page.mouse.move(0, 0);
  const row = page.getByTestId('invoice-row').filter({ hasText: 'HON-0001' });
  await row.getByRole('button', { name: 'Ver HON-0001' }).click();

  // 'Timbrar CFDI': the PAC stamps it; the folio fiscal is shown and the invoice is fixed.
  const detail = page.getByTestId('invoice-detail');
  const panel = detail.getByTestId('cfdi-panel');
  await expect(panel).toContainText('Aún sin timbrar');
  await panel.getByRole('button', { name: 'Timbrar CFDI' }).click();
  const ingreso = panel.getByTestId('cfdi-item').filter({ hasText: 'CFDI de ingreso HON-0001' });
  await expect(ingreso).toContainText('Vigente');
  const uuid = (await ingreso.getByTestId('cfdi-uuid').textContent())!.trim();
  expect(uuid).toMatch(UUID);
  await expect(page.getByText(`CFDI timbrado. Folio fiscal ${uuid}`)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Editar factura' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Cancelar factura' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Timbrar CFDI' })).toHaveCount(0);
  await expectAccessible(page);

  // The PDF is the CFDI's printed version: its QR, read from the rendered page, is the SAT's verification of this CFDI.
  const pdfLink = detail.getByRole('link', { name: 'Factura PDF (CFDI)' });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const bytes = await pdf.body();
  expect(qrInPdf(bytes)).toMatch(
    new RegExp(`^https://verificacfdi\\.facturaelectronica\\.sat\\.gob\\.mx/default\\.aspx\\?id=${uuid}&re=CACX7605101P8&rr=EKU9003173C9&tt=9533\\.33&fe=.{8}$`),
  );
  expect(await pdfText(bytes)).toContain('Este documento es una representación impresa de un CFDI.');
  // The stamped XML, valid for the SAT's schemas.
  const xmlDownload = page.waitForEvent('download');
  await ingreso.getByRole('button', { name: 'Descargar XML' }).click();
  const xmlFile = await xmlDownload;
  expect(xmlFile.suggestedFilename()).toBe(`HON-0001-${uuid}.xml`);
  const xml = await readFile((await xmlFile.path())!, 'utf8');
  expect(xml).toContain(`UUID="${uuid}"`);
  expect(satSchemaErrors(xml)).toBeNull();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('CFDI');

  // A partial payment: its Complemento de Pago is stamped as it is recorded.
  await row.getByRole('button', { name: 'Editar estado de HON-0001' }).click();
  const status = page.getByRole('dialog', { name: 'Editar Estado de Factura' });
  await status.getByLabel('Estado').selectOption('pagada_parcialmente');
  await status.getByLabel('Monto pagado').fill('4000');
  await status.getByLabel('Fecha de pago').fill(typed(addDays(today(), -1)));
  await status.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(status).toBeHidden();
  await page.mouse.move(0, 0);
  await row.getByRole('button', { name: 'Ver HON-0001' }).click();
  const complemento = panel.getByTestId('cfdi-item').filter({ hasText: `Complemento de pago del ${typed(addDays(today(), -1))} por $4,000.00` });
  await expect(complemento).toContainText('Vigente');
  await expect(complemento.getByTestId('cfdi-uuid')).toHaveText(UUID);

  // The invoice's CFDI cannot be cancelled before its complement: the SAT's rule, said in Spanish.
  await ingreso.getByRole('button', { name: 'Cancelar CFDI' }).click();
  let cancel = page.getByRole('dialog', { name: 'Cancelar CFDI' });
  await cancel.getByLabel('Motivo (catálogo del SAT) *').selectOption('02');
  await cancel.getByRole('button', { name: 'Cancelar CFDI' }).click();
  await expect(cancel.getByRole('alert')).toHaveText('Esta factura tiene complementos de pago vigentes: el SAT pide cancelarlos antes que la factura.');
  await cancel.getByRole('button', { name: 'Volver' }).click();

  // Motivo 02 for the complement, then for the invoice's CFDI: the SAT cancels them.
  await complemento.getByRole('button', { name: 'Cancelar CFDI' }).click();
  cancel = page.getByRole('dialog', { name: 'Cancelar CFDI' });
  await expectAccessible(page);
  await cancel.getByRole('button', { name: 'Cancelar CFDI' }).click();
  await expect(cancel).toBeHidden();
  await expect(complemento).toContainText('Cancelado');
  await expect(complemento).toContainText('02 · Comprobante emitido con errores sin relación');
  await expect(panel.getByTestId('complementos-pendientes')).toContainText('$4,000.00');
  await ingreso.getByRole('button', { name: 'Cancelar CFDI' }).click();
  cancel = page.getByRole('dialog', { name: 'Cancelar CFDI' });
  await cancel.getByRole('button', { name: 'Cancelar CFDI' }).click();
  await expect(cancel).toBeHidden();
  await expect(ingreso).toContainText('Cancelado');
  await expect(ingreso).toContainText('Cancelado sin aceptación');
  await expect(detail.getByTestId('history')).toContainText(`Cancelación del CFDI ${uuid} de HON-0001 solicitada al SAT: 02 Comprobante emitido con errores sin relación`);
});

test.describe('sin PAC', () => {
  test.use({ baseURL: `http://127.0.0.1:${PLAIN_PORT}` });

  test('el CFDI de una factura se descarga sellado con el CSD y sin timbrar, válido para el XSD del SAT; la pantalla dice que timbrar requiere un PAC', async ({ page }) => {
    await registerThroughForm(page);
    await readyToInvoiceACompany(page);
    await page.goto('/facturacion');
    const dialog = await newInvoice(page, { concepto: 'Honorarios por amparo indirecto', monto: '10000', cliente: 'Escuela Kemper' });
    await dialog.getByRole('button', { name: 'Crear Factura' }).click();
    await expect(dialog).toBeHidden();
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Ver HON-0001' }).click();
    const panel = page.getByTestId('cfdi-panel');
    await expect(panel).toContainText('Para timbrar hace falta un PAC (proveedor autorizado de certificación). Escribe los datos de tu cuenta de PAC en Configuración → Perfil');
    await expect(panel.getByRole('button', { name: 'Timbrar CFDI' })).toHaveCount(0);
    const downloadPromise = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'XML sellado (sin timbrar)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('HON-0001-sellado-sin-timbrar.xml');
    const xml = await readFile((await download.path())!, 'utf8');
    for (const attribute of ['Serie="HON"', 'Folio="0001"', 'MetodoPago="PPD"', 'Rfc="EKU9003173C9"', 'UsoCFDI="G03"', 'Total="9533.33"', 'NoCertificado="30001000000500003316"'])
      expect(xml).toContain(attribute);
    // The SAT's own schema accepts it.
    expect(satSchemaErrors(xml)).toBeNull();

    // The lawyer enters their own PAC account, right from there, and stamps with it.
    await panel.getByRole('link', { name: 'Configurar mi PAC' }).click();
    const card = page.getByTestId('pac-card');
    await expect(card.getByLabel('Ambiente')).toHaveValue('pruebas');
    await card.getByRole('button', { name: 'Guardar y probar' }).click();
    await expect(card.getByText('Escribe el usuario de tu cuenta del PAC.')).toBeVisible();
    await card.getByLabel('Usuario', { exact: true }).fill('bufete@pruebas.mx');
    await card.getByLabel('Contraseña', { exact: true }).fill('una-que-no-es');
    await card.getByRole('button', { name: 'Guardar y probar' }).click();
    await expect(card.getByRole('alert')).toContainText('El PAC no aceptó tu usuario y contraseña (o tu token).');
    await card.getByRole('button', { name: 'Cambiar' }).click();
    await card.getByLabel('Contraseña', { exact: true }).fill('contraseña-de-pruebas');
    await card.getByRole('button', { name: 'Guardar y probar' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Conexión correcta con SW sapien (pruebas). Timbres disponibles:' })).toBeVisible();
    await expect(card).not.toContainText('contraseña-de-pruebas');
    await expectAccessible(page);
    await page.goto('/facturacion');
    await page.getByRole('button', { name: 'Ver HON-0001' }).click();
    await page.getByTestId('cfdi-panel').getByRole('button', { name: 'Timbrar CFDI' }).click();
    await expect(page.getByText(/CFDI timbrado\. Folio fiscal [0-9A-F-]{36}/)).toBeVisible();

    // Taken away again: asked first ('No' keeps it), then gone, and the form is back to write another.
    await page.goto('/configuracion');
    const saved = page.getByTestId('pac-card');
    await saved.getByRole('button', { name: 'Quitar' }).click();
    const question = page.getByRole('alertdialog', { name: 'Quitar tu cuenta de PAC' });
    await expect(question).toContainText('No podrás timbrar hasta que escribas una cuenta de PAC.');
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await expect(saved).toContainText('bufete@pruebas.mx');
    await saved.getByRole('button', { name: 'Quitar' }).click();
    await question.getByRole('button', { name: 'Quitar' }).click();
    await expect(page.getByText('Cuenta de PAC quitada')).toBeVisible();
    await expect(question).toBeHidden();
    await expect(saved.getByLabel('Usuario', { exact: true })).toHaveValue('');
  });
});

/**
 * A company client's invoice (10,000.00 + IVA − withholdings), created and stamped through
 * the screens; its detail left open. `concepto` keeps two journeys at once from sealing the same XML.
 */
async function stampedInvoiceOfACompany(page: Page, concepto: string) {
  await readyToInvoiceACompany(page);
  await page.goto('/facturacion');
  const dialog = await newInvoice(page, { concepto, monto: '10000', cliente: 'Escuela Kemper' });
  await dialog.getByRole('button', { name: 'Crear Factura' }).click();
  await expect(dialog).toBeHidden();
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Ver HON-0001' }).click();
  const detail = page.getByTestId('invoice-detail');
  await detail.getByTestId('cfdi-panel').getByRole('button', { name: 'Timbrar CFDI' }).click();
  const ingreso = detail.getByTestId('cfdi-item').filter({ hasText: 'CFDI de ingreso HON-0001' });
  await expect(ingreso).toContainText('Vigente');
  return { detail, ingreso, uuid: (await ingreso.getByTestId('cfdi-uuid').textContent())!.trim() };
}

for (const screen of [
  { name: 'en escritorio', viewport: { width: 1280, height: 900 } },
  { name: 'en un teléfono (390 px)', viewport: { width: 390, height: 844 } },
]) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test('sustituye un CFDI: la copia corregida se timbra relacionada (04); el PAC rechaza primero el sustituto y el SAT la cancelación, y la sustitución se termina desde las facturas', async ({
      page,
    }) => {
      await registerThroughForm(page);
      // Its own concept per screen: two journeys at once never seal the same XML in the same second.
      const { ingreso: original, uuid: oldUuid } = await stampedInvoiceOfACompany(page, `Honorarios por consulta ${screen.name}`);
      // The PAC will refuse the new CFDI, and the SAT this CFDI's first cancellation: the flow stops twice halfway.
      const corrected = `Honorarios por consulta y dictamen ${screen.name}`;
      await page.request.post(`${FAKE_PAC}/__pruebas/rechazar-timbrado`, { data: { contiene: corrected, mensaje: 'CFDI40999 - El servicio de timbrado no respondió a tiempo.' } });
      await page.request.post(`${FAKE_PAC}/__pruebas/rechazar-cancelacion`, {
        data: { uuid: oldUuid, mensaje: 'CA2200 - El servicio de cancelación no está disponible por el momento.' },
      });

      // 'Sustituir CFDI': the invoice's form, filled with its data; the amount was wrong.
      await original.getByRole('button', { name: 'Sustituir CFDI' }).click();
      const form = page.getByRole('dialog', { name: 'Sustituir CFDI' });
      await expect(form.getByLabel('Concepto *')).toHaveValue(`Honorarios por consulta ${screen.name}`);
      await expect(form.getByLabel('Cliente', { exact: true })).toHaveValue(/.+/);
      await form.getByLabel('Concepto *').fill(corrected);
      await form.getByLabel(/^(Monto total|Subtotal)$/).fill('12000');
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Timbrar sustituto y cancelar el original' }).click();
      await expect(page.getByText('CFDI40999 - El servicio de timbrado no respondió a tiempo.')).toBeVisible();

      // The new invoice, not stamped yet, offers one way on: 'Continuar sustitución', which stamps it and goes on to the cancellation.
      await expect(page.getByTestId('invoice-detail').getByTestId('sustitucion')).toContainText('Falta timbrar HON-0002');
      await page.keyboard.press('Escape');
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Ver HON-0002' }).click();
      const sustituto = page.getByTestId('invoice-detail');
      await expect(sustituto.getByTestId('sustitucion')).toContainText('Sustituye a HON-0001');
      await expect(sustituto.getByTestId('cfdi-panel').getByRole('button', { name: 'Timbrar CFDI' })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('sustituto-sin-timbrar.png'), fullPage: true });
      await sustituto.getByRole('button', { name: 'Continuar sustitución' }).click();
      await expect(page.getByText('CA2200 - El servicio de cancelación no está disponible por el momento.')).toBeVisible();
      await expect(sustituto.getByTestId('cfdi-item').filter({ hasText: 'CFDI de ingreso HON-0002' })).toContainText('Vigente');
      await page.keyboard.press('Escape');
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Ver HON-0001' }).click();

      // The replaced invoice shows where the flow stopped: the new one stamped, the old one still valid.
      const steps = page.getByTestId('invoice-detail').getByTestId('sustitucion');
      await expect(steps).toContainText('Sustituida por HON-0002');
      await expect(steps).toContainText('Falta cancelar el CFDI de HON-0001: sigue vigente ante el SAT.');
      await expect(steps.getByText('Pendiente:', { exact: false })).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath('sustitucion-a-medias.png'), fullPage: true });
      await steps.getByRole('button', { name: 'Continuar sustitución' }).click();
      await expect(page.getByText('Sustitución terminada.')).toBeVisible();
      await expect(steps).toContainText('sustitución terminada');
      const cancelled = page.getByTestId('invoice-detail').getByTestId('cfdi-item').filter({ hasText: 'CFDI de ingreso HON-0001' });
      await expect(cancelled).toContainText('Cancelado');
      await expect(cancelled).toContainText('01 · Comprobante emitido con errores con relación');
      await page.keyboard.press('Escape');

      // The new invoice: the corrected amount, its CFDI related 04 to the old one, valid and sealed for the SAT's own tools.
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Ver HON-0002' }).click();
      const nuevo = page.getByTestId('invoice-detail');
      await expect(nuevo.getByTestId('sustitucion')).toContainText('Sustituye a HON-0001');
      const ingreso = nuevo.getByTestId('cfdi-item').filter({ hasText: 'CFDI de ingreso HON-0002' });
      await expect(ingreso).toContainText('Vigente');
      const download = page.waitForEvent('download');
      await ingreso.getByRole('button', { name: 'Descargar XML' }).click();
      const xml = await readFile((await (await download).path())!, 'utf8');
      expect(satSchemaErrors(xml)).toBeNull();
      expect(satSealVerifies(xml)).toBe(true);
      expect(xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${oldUuid}"/></cfdi:CfdiRelacionados>`);
      // 12,000.00 + IVA 1,920.00 − ISR 1,200.00 − IVA retenido 1,280.00.
      expect(xml).toContain('SubTotal="12000.00"');
      expect(xml).toContain('Total="11440.00"');
      await expect(nuevo.getByTestId('cfdi-panel')).toContainText(oldUuid);
      // Its printed version names the CFDI it replaces, and carries the SAT's QR of its own.
      const pdf = await page.request.get((await nuevo.getByRole('link', { name: 'Factura PDF (CFDI)' }).getAttribute('href'))!);
      const pdfBytes = await pdf.body();
      // (A folio fiscal may wrap at a hyphen in its column: read as one.)
      expect((await pdfText(pdfBytes)).replace(/\s+/g, ' ').replace(/(\w)- (?=\w)/g, '$1-')).toContain(`04 - Sustitución de los CFDI previos: ${oldUuid}`);
      const newUuid = (await ingreso.getByTestId('cfdi-uuid').textContent())!.trim();
      expect(qrInPdf(pdfBytes)).toContain(`?id=${newUuid}&re=CACX7605101P8&rr=EKU9003173C9&tt=11440.0&fe=`);
      if (screen.viewport.width > 1000) await writeFile(test.info().outputPath('sustituto.pdf'), pdfBytes);
      await page.screenshot({ path: test.info().outputPath('sustituto.png'), fullPage: true });
    });
  });
}

for (const screen of [
  { name: 'en escritorio', viewport: { width: 1280, height: 900 } },
  { name: 'en un teléfono (390 px)', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`nota de crédito ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('emite una nota de crédito de una factura timbrada: su CFDI de egreso válido para el SAT, su PDF con QR, y el saldo la descuenta', async ({ page }) => {
      await registerThroughForm(page);
      const { detail, ingreso, uuid: ingresoUuid } = await stampedInvoiceOfACompany(page, `Honorarios por juicio ordinario ${screen.name}`);

      await ingreso.getByRole('button', { name: 'Nota de crédito' }).click();
      const form = page.getByRole('dialog', { name: 'Nota de crédito' });
      // Nothing paid yet: Condonación is proposed; the optional description is left blank.
      await expect(form.getByLabel('Forma de pago *')).toHaveValue('15');
      await form.getByLabel('Monto antes de impuestos *').fill('1000');
      await expect(form.getByTestId('nota-total')).toHaveText('Total de la nota (con los impuestos de la factura): $953.33');
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Timbrar nota de crédito' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(/^Nota de crédito timbrada por \$953\.33\. Folio fiscal/)).toBeVisible();

      const nota = detail.getByTestId('cfdi-item').filter({ hasText: 'Nota de crédito HON-0001-NC1' });
      await expect(nota).toContainText('Descuento por $953.33');
      await expect(nota).toContainText('Vigente');
      await expect(detail).toContainText('Notas de crédito');
      await expect(detail).toContainText('$8,580.00');
      const download = page.waitForEvent('download');
      await nota.getByRole('button', { name: 'Descargar XML' }).click();
      const xml = await readFile((await (await download).path())!, 'utf8');
      expect(satSchemaErrors(xml)).toBeNull();
      expect(satSealVerifies(xml)).toBe(true);
      expect(xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${ingresoUuid}"/></cfdi:CfdiRelacionados>`);
      expect(xml).toContain('TipoDeComprobante="E"');
      const notaUuid = (await nota.getByTestId('cfdi-uuid').textContent())!.trim();
      const pdf = await page.request.get((await nota.getByRole('link', { name: 'PDF' }).getAttribute('href'))!);
      const bytes = await pdf.body();
      expect(qrInPdf(bytes)).toContain(`?id=${notaUuid}&re=CACX7605101P8&rr=EKU9003173C9&tt=953.33&fe=`);
      expect((await pdfText(bytes)).replace(/\s+/g, ' ')).toContain('Total de la nota de crédito $953.33');
      await nota.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('nota-de-credito.png'), fullPage: true });
    });
  });
}

import { readFile } from 'node:fs/promises';
import { addDays } from '@bufete/shared/dates';
import type { Locator, Page } from '@playwright/test';
import { qrInPdf } from '../apps/server/test/support/pdf-tools';
import { satSchemaErrors, satSealVerifies } from '../apps/server/test/support/sat-tools';
import { newInvoice, readyToInvoiceACompany, today, typed } from './invoicing';
import { expect, expectAccessible, pdfText, registerThroughForm, test } from './support';

/** The stamped XML a CFDI item's 'Descargar XML' gives, checked by the SAT's own schema and seal. */
async function downloadedXml(page: Page, item: Locator): Promise<string> {
  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Descargar XML' }).click();
  const xml = await readFile((await (await download).path())!, 'utf8');
  expect(satSchemaErrors(xml)).toBeNull();
  expect(satSealVerifies(xml)).toBe(true);
  return xml;
}

/** The last day of the month before today's (Mexico City): a month already closed. */
function dayOfLastMonth(): string {
  const [year, month] = today().split('-').map(Number) as [number, number];
  return addDays(`${year}-${String(month).padStart(2, '0')}-01`, -1);
}

for (const screen of [
  { name: 'en escritorio', viewport: { width: 1280, height: 900 }, anticipo: '5000', recibos: ['800', '1500'] },
  { name: 'en un teléfono (390 px)', viewport: { width: 390, height: 844 }, anticipo: '5100', recibos: ['810', '1510'] },
]) {
  test.describe(`anticipos y factura global ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('registra un anticipo con su CFDI, lo aplica a la factura final (relacionada 07) y la aplicación se timbra como egreso con forma 30; el saldo lo descuenta', async ({
      page,
    }) => {
      await registerThroughForm(page);
      await readyToInvoiceACompany(page);
      await page.goto('/facturacion');

      // The advance: received today by transfer (the payment's date left blank), its taxes the client's.
      let dialog = await newInvoice(page, { concepto: `Anticipo: juicio sucesorio ${screen.name}`, monto: screen.anticipo, cliente: 'Escuela Kemper' });
      await dialog.getByLabel('Es un anticipo (el servicio o su precio aún no están definidos)').check();
      await expect(dialog.getByText('Si ya acordaron el servicio y el precio, no es un anticipo', { exact: false })).toBeVisible();
      await expect(dialog.getByLabel('Estado')).toHaveValue('pagada');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Crear Factura' }).click();
      await expect(dialog).toBeHidden();
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Ver HON-0001' }).click();
      let detail = page.getByTestId('invoice-detail');
      await expect(detail.getByText('Anticipo', { exact: true })).toBeVisible();
      await expect(detail.getByTestId('anticipo-panel')).toContainText('Anticipo recibido, aún sin aplicar.');
      await detail.getByTestId('cfdi-panel').getByRole('button', { name: 'Timbrar CFDI' }).click();
      const anticipo = detail.getByTestId('cfdi-item').filter({ hasText: 'CFDI de ingreso HON-0001' });
      await expect(anticipo).toContainText('Vigente');
      const anticipoUuid = (await anticipo.getByTestId('cfdi-uuid').textContent())!.trim();
      const anticipoXml = await downloadedXml(page, anticipo);
      for (const text of ['FormaPago="03"', 'MetodoPago="PUE"', 'ClaveProdServ="84111506"', 'ClaveUnidad="ACT"', 'Descripcion="Anticipo del bien o servicio"'])
        expect(anticipoXml).toContain(text);
      await page.keyboard.press('Escape');

      // The final invoice of the whole fee, once the service and its price are set.
      await page.mouse.move(0, 0);
      dialog = await newInvoice(page, { concepto: `Honorarios: juicio sucesorio ${screen.name}`, monto: '20000', cliente: 'Escuela Kemper' });
      await dialog.getByRole('button', { name: 'Crear Factura' }).click();
      await expect(dialog).toBeHidden();
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Ver HON-0002' }).click();
      detail = page.getByTestId('invoice-detail');
      const panel = detail.getByTestId('anticipo-panel');
      await expect(panel.getByLabel('Anticipo a aplicar')).toContainText('HON-0001');
      await panel.getByRole('button', { name: 'Aplicar anticipo' }).click();
      await expect(panel).toContainText('Aplica el anticipo HON-0001');
      await expect(panel).toContainText('Al timbrar, el CFDI de esta factura se relacionará (07) con el del anticipo');
      await expectAccessible(page);

      // Stamped: the ingreso related 07 to the advance, then the application's CFDI de egreso.
      await detail.getByTestId('cfdi-panel').getByRole('button', { name: 'Timbrar CFDI' }).click();
      const ingreso = detail.getByTestId('cfdi-item').filter({ hasText: 'CFDI de ingreso HON-0002' });
      await expect(ingreso).toContainText('Vigente');
      const aplicacion = detail.getByTestId('cfdi-item').filter({ hasText: 'Aplicación de anticipo HON-0002-NC1' });
      await expect(aplicacion).toContainText('Vigente');
      await expect(panel).toContainText('Aplicado con su CFDI de egreso');
      const ingresoUuid = (await ingreso.getByTestId('cfdi-uuid').textContent())!.trim();
      const ingresoXml = await downloadedXml(page, ingreso);
      expect(ingresoXml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="07"><cfdi:CfdiRelacionado UUID="${anticipoUuid}"/></cfdi:CfdiRelacionados>`);
      const aplicacionXml = await downloadedXml(page, aplicacion);
      for (const text of [
        'TipoDeComprobante="E"',
        'FormaPago="30"',
        `<cfdi:CfdiRelacionados TipoRelacion="07"><cfdi:CfdiRelacionado UUID="${ingresoUuid}"/></cfdi:CfdiRelacionados>`,
        'Descripcion="Aplicación de anticipo"',
        `SubTotal="${screen.anticipo}.00"`,
      ])
        expect(aplicacionXml).toContain(text);
      const anticipoTotal = / Total="([\d.]+)"/.exec(anticipoXml)![1]!;
      expect(aplicacionXml).toContain(` Total="${anticipoTotal}"`);

      // What the client owes: the whole fee less the advance; paid: the advance.
      const ingresoTotal = Number(/ Total="([\d.]+)"/.exec(ingresoXml)![1]);
      const saldo = (Math.round(ingresoTotal * 100) - Math.round(Number(anticipoTotal) * 100)) / 100;
      const mxn = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await expect(detail).toContainText('Anticipo aplicado');
      await expect(detail).toContainText(`-${mxn(Number(anticipoTotal))}`);
      await expect(detail.getByText('Saldo', { exact: true }).locator('..')).toContainText(mxn(saldo));
      await page.screenshot({ path: test.info().outputPath('anticipo-aplicado.png'), fullPage: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('region', { name: 'Resumen de facturación' })).toContainText(mxn(saldo));
    });

    test('arma la factura global del mes con los recibos pagados de clientes que no piden factura: un CFDI a público en general, válido para el SAT, cada recibo una vez', async ({
      page,
    }) => {
      await registerThroughForm(page);
      await readyToInvoiceACompany(page);
      // A client who asks for no invoice: only the name and the box (the rest left blank).
      await page.goto('/clientes');
      await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
      const client = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
      await client.getByLabel('Nombre *').fill('Consulta de mostrador');
      await client.getByText('Datos fiscales (opcional)').click();
      await client.getByLabel('No requiere factura (público en general)').check();
      await client.getByRole('button', { name: 'Crear Cliente' }).click();
      await expect(client).toBeHidden();

      // Two consultations paid last month, one by card.
      const lastMonth = dayOfLastMonth();
      await page.goto('/facturacion');
      for (const [index, monto] of screen.recibos.entries()) {
        const dialog = await newInvoice(page, { concepto: `Consulta ${index + 1}`, monto, cliente: 'Consulta de mostrador' });
        await dialog.getByLabel('Estado').selectOption('pagada');
        await dialog.getByLabel('Fecha de pago').fill(typed(addDays(lastMonth, -index)));
        if (index === 1) await dialog.getByLabel('Forma de pago').selectOption('04');
        await dialog.getByRole('button', { name: 'Crear Factura' }).click();
        await expect(dialog).toBeHidden();
        await page.mouse.move(0, 0);
      }

      await page.getByRole('button', { name: 'Factura global' }).click();
      const global = page.getByRole('dialog', { name: 'Factura global' });
      await expect(global.getByLabel('Periodicidad')).toHaveValue('04');
      await expect(global.getByLabel('Un día del periodo')).toHaveValue(typed(lastMonth));
      const preview = global.getByTestId('global-preview');
      await expect(preview).toContainText('HON-0001');
      await expect(preview).toContainText('HON-0002');
      await expect(preview).toContainText('Tarjeta de crédito');
      await expect(global.getByText('Aún no has emitido facturas globales.')).toBeVisible();
      await expectAccessible(page);
      await global.getByRole('button', { name: 'Timbrar factura global (2 recibos)' }).click();
      await expect(page.getByText(/^Factura global GLO-0001 timbrada\. Folio fiscal/)).toBeVisible();
      const issued = global.getByTestId('global-item').filter({ hasText: 'GLO-0001' });
      await expect(issued).toContainText('Vigente');
      await expect(issued).toContainText('2 recibos');
      // Each receipt once: the period has none left.
      await expect(preview).toContainText('No hay recibos pagados sin CFDI de clientes que no piden factura en este periodo.');
      await expect(global.getByRole('button', { name: /Timbrar factura global/ })).toHaveCount(0);

      // The XML and the PDF, as the SAT's tools and a reader see them.
      const xmlResponse = await page.request.get((await issued.getByRole('link', { name: 'XML' }).getAttribute('href'))!);
      const xml = await xmlResponse.text();
      expect(satSchemaErrors(xml)).toBeNull();
      expect(satSealVerifies(xml)).toBe(true);
      const [year, month] = lastMonth.split('-');
      for (const text of [
        `<cfdi:InformacionGlobal Periodicidad="04" Meses="${month}" Año="${year}"/>`,
        'Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="616" UsoCFDI="S01"',
        'NoIdentificacion="HON-0001"',
        'NoIdentificacion="HON-0002"',
        'FormaPago="04"',
      ])
        expect(xml).toContain(text);
      const uuid = /UUID="([0-9A-F-]{36})"/.exec(xml)![1]!;
      const pdf = await page.request.get((await issued.getByRole('link', { name: 'PDF' }).getAttribute('href'))!);
      const bytes = await pdf.body();
      expect(qrInPdf(bytes)).toContain(`?id=${uuid}&re=CACX7605101P8&rr=XAXX010101000&tt=`);
      const printed = (await pdfText(bytes)).replace(/\s+/g, ' ');
      for (const text of ['Factura global', 'PUBLICO EN GENERAL', 'Recibos (2)']) expect(printed).toContain(text);
      await page.screenshot({ path: test.info().outputPath('factura-global.png'), fullPage: true });
      await page.keyboard.press('Escape');

      // The receipt says where its CFDI is, and is not stamped on its own.
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Ver HON-0001' }).click();
      const detail = page.getByTestId('invoice-detail');
      await expect(detail).toContainText(`Incluido en la factura global GLO-0001 (folio fiscal ${uuid})`);
      await expect(detail.getByRole('button', { name: 'Timbrar CFDI' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      // A client asks for their own invoice: the global is cancelled with motivo 04 and its receipts are free again.
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Factura global' }).click();
      await issued.getByRole('button', { name: 'Cancelar' }).click();
      const cancel = issued.getByRole('form', { name: 'Cancelar GLO-0001' });
      await expect(cancel.getByLabel('Motivo (catálogo del SAT) *')).toHaveValue('04');
      await expect(cancel).toContainText('Un cliente de un recibo incluido pidió su propia factura.');
      await issued.screenshot({ path: test.info().outputPath('factura-global-cancelar.png') });
      await cancel.getByRole('button', { name: 'Cancelar GLO-0001' }).click();
      await expect(page.getByText('El SAT canceló la factura global GLO-0001.')).toBeVisible();
      await expect(issued).toContainText('Cancelado');
      await expect(issued).toContainText('04 · Operación nominativa relacionada en una factura global.');
      await expect(issued).toContainText('Sus recibos quedaron libres');
      await expect(issued.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
      await expect(preview).toContainText('HON-0001');
      await expect(global.getByRole('button', { name: 'Timbrar factura global (2 recibos)' })).toBeVisible();
      await issued.screenshot({ path: test.info().outputPath('factura-global-cancelada.png') });
      await page.keyboard.press('Escape');
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Ver HON-0001' }).click();
      await expect(detail).toContainText('HON-0001');
      await expect(detail).not.toContainText('Incluido en la factura global');
    });
  });
}

import { readFile } from 'node:fs/promises';
import { addDays, todayIn } from '@bufete/shared/dates';
import type { Page } from '@playwright/test';
import { createCaseThroughForm, expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

const today = () => todayIn('America/Mexico_City');
const typed = (day: string) => day.split('-').reverse().join('/');

async function newInvoice(page: Page, fields: { concepto: string; tarifa?: string; horas?: string; monto?: string; cliente?: string }) {
  await page.getByRole('button', { name: 'Nueva Factura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Nueva Factura' });
  await expect(dialog.getByLabel('Fecha de emisión *')).toHaveValue(typed(today()));
  if (fields.cliente) await dialog.getByLabel('Cliente', { exact: true }).selectOption({ label: fields.cliente });
  await dialog.getByLabel('Concepto *').fill(fields.concepto);
  if (fields.monto) {
    await dialog.getByLabel('Calcular automáticamente (tarifa × horas)').uncheck();
    await dialog.getByLabel(/^(Monto total|Subtotal)$/).fill(fields.monto);
  } else {
    await dialog.getByLabel('Tarifa por hora').fill(fields.tarifa!);
    await dialog.getByLabel('Horas trabajadas').fill(fields.horas!);
  }
  return dialog;
}

test('una factura tarifa × horas en MXN: Pendiente, luego Pagada y Cobrado; filtros; CSV', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/facturacion');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  await expect(page.getByText('No tienes facturas aún. ¡Crea tu primera factura!')).toBeVisible();
  await expectAccessible(page);

  const dialog = await newInvoice(page, { concepto: 'Contestación de demanda laboral', tarifa: '1500', horas: '2.5' });
  await expect(dialog.getByLabel('Monto total')).toHaveValue('3750.00');
  await expect(dialog.getByLabel('Monto total')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Estado')).toHaveValue('pendiente');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Crear Factura' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('invoice-row').filter({ hasText: 'FACT-0001' });
  await expect(row).toContainText('Contestación de demanda laboral');
  await expect(row).toContainText('$3,750.00');
  await expect(row).toContainText('Sin cliente');
  await expect(row).toContainText('Pendiente');
  await expect(page.getByTestId('card-Pendiente')).toHaveText('$3,750.00');
  await expect(page.getByTestId('card-Cobrado')).toHaveText('$0.00');
  await expect(page.getByTestId('invoices-count')).toHaveText('Facturas (1)');

  // Paid: 'Cobrado' takes it, 'Pendiente' lets it go.
  await row.getByRole('button', { name: 'Editar estado de FACT-0001' }).click();
  const status = page.getByRole('dialog', { name: 'Editar Estado de Factura' });
  await expect(status).toContainText('FACT-0001 · Total $3,750.00');
  await status.getByLabel('Estado').selectOption('pagada');
  await status.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(status).toBeHidden();
  await expect(page.getByTestId('card-Cobrado')).toHaveText('$3,750.00');
  await expect(page.getByTestId('card-Pendiente')).toHaveText('$0.00');
  await expect(row).toContainText('Pagada');

  // A second one, typed amount.
  const second = await newInvoice(page, { concepto: 'Revisión de contrato de arrendamiento', monto: '2000' });
  await second.getByRole('button', { name: 'Crear Factura' }).click();
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  await expect(page.getByTestId('card-Total Facturado')).toHaveText('$5,750.00');

  // Filters: text, state, dates.
  await page.getByLabel('Buscar facturas por número, concepto o cliente').fill('ARRENDAMIENTO');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expect(page.getByTestId('card-Total Facturado')).toHaveText('$2,000.00');
  await page.getByLabel('Buscar facturas por número, concepto o cliente').fill('');
  await page.getByLabel('Filtrar por estado').selectOption('pagada');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expect(page.getByTestId('invoice-row')).toContainText('FACT-0001');

  // The CSV holds exactly the filtered rows.
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^facturas_.+\.csv$/);
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Número,Cliente,Fecha Emisión,Concepto,Monto Total,Monto Pagado,Estado');
  expect(lines.slice(1)).toEqual([`FACT-0001,Sin cliente,${today()},Contestación de demanda laboral,3750.00,3750.00,Pagada`]);

  await page.getByLabel('Filtrar por estado').selectOption('');
  await page.getByLabel('Fecha desde').fill(typed(addDays(today(), 1)));
  await page.getByLabel('Fecha desde').press('Tab');
  await expect(page.getByText('Sin resultados para los filtros seleccionados.')).toBeVisible();
  await page.getByLabel('Fecha desde').fill(typed(today()));
  await page.getByLabel('Fecha hasta').fill(typed(today()));
  await page.getByLabel('Fecha hasta').press('Tab');
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  await expectAccessible(page);
});

test('factura con impuestos a una persona moral: IVA, retenciones y el total a cobrar', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  const client = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await client.getByLabel('Nombre *').fill('Comercializadora del Norte');
  await client.getByText('Datos fiscales (opcional)').click();
  await client.getByLabel('RFC').fill('XYZ');
  await client.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(client.getByText(/RFC inválido/)).toBeVisible();
  await client.getByLabel('RFC').fill('cno980101ab2');
  await client.getByLabel('Razón social').fill('Comercializadora del Norte, S.A. de C.V.');
  await client.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(client).toBeHidden();

  await page.goto('/facturacion');
  const dialog = await newInvoice(page, { concepto: 'Honorarios por juicio mercantil', monto: '10000', cliente: 'Comercializadora del Norte' });
  // A company's RFC proposes the taxes with the withholdings of régimen 612.
  await expect(dialog.getByLabel('Agregar IVA y, si facturas a una empresa, retenciones')).toBeChecked();
  await expect(dialog.getByLabel('Retenciones', { exact: true })).toHaveValue('612');
  const breakdown = dialog.getByTestId('tax-breakdown');
  await expect(breakdown).toContainText('$10,000.00');
  await expect(breakdown).toContainText('$1,600.00');
  await expect(breakdown).toContainText('-$1,000.00');
  await expect(breakdown).toContainText('-$1,066.67');
  await expect(dialog.getByTestId('invoice-total')).toHaveText('Total a cobrar: $9,533.33');
  await dialog.getByLabel('Retenciones', { exact: true }).selectOption('626');
  await expect(dialog.getByTestId('invoice-total')).toHaveText('Total a cobrar: $10,408.33');
  await dialog.getByLabel('Retenciones', { exact: true }).selectOption('612');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Crear Factura' }).click();
  const row = page.getByTestId('invoice-row').first();
  await expect(row).toContainText('$9,533.33');
  await expect(row).toContainText('Subtotal $10,000.00 + IVA − retenciones');
  await expect(row).toContainText('Comercializadora del Norte');
  const pdf = await page.request.get(await row.getByRole('link', { name: 'Recibo PDF de FACT-0001' }).getAttribute('href').then((href) => href!));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});

test('el temporizador de un caso sobrevive a la recarga y su tiempo se factura una sola vez', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/configuracion');
  await page.getByLabel('Tarifa por hora (MXN)').fill('1500');
  await page.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(page.getByText('Perfil actualizado correctamente')).toBeVisible();

  await createCaseThroughForm(page, 'Juicio de amparo');
  await page.getByRole('tab', { name: /Tiempo/ }).click();
  await page.getByLabel('Qué vas a hacer').fill('Estudio del expediente');
  await page.getByRole('button', { name: 'Iniciar' }).click();
  await expect(page.getByTestId('timer-elapsed')).toHaveText(/^00:00:0\d$/);
  await page.reload();
  await page.getByRole('tab', { name: /Tiempo/ }).click();
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  await expect(page.getByText('Estudio del expediente')).toBeVisible();
  await page.getByRole('button', { name: 'Detener' }).click();
  await expect(page.getByText('Tiempo registrado: 0.25 h · $375.00')).toBeVisible();

  // And a manual entry, left with its optional rate blank (the profile's applies).
  await page.getByLabel('Horas').fill('1.5');
  await page.getByLabel('Descripción').fill('Redacción de la demanda de amparo');
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByTestId('time-entries').getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Seleccionar lo no facturado' }).click();
  await page.getByRole('button', { name: 'Facturar tiempo (2)' }).click();
  await expect(page.getByText('Factura FACT-0001 creada por $2,625.00')).toBeVisible();
  await expect(page.getByTestId('time-entries').getByText('Facturado · FACT-0001')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Facturar tiempo/ })).toBeDisabled();
  await page.goto('/facturacion');
  await expect(page.getByTestId('invoice-row')).toContainText('$2,625.00');
});

test.describe('en el móvil', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('facturación cabe en 390 px', async ({ page }) => {
    await registerThroughForm(page);
    await page.goto('/facturacion');
    const dialog = await newInvoice(page, { concepto: 'Asesoría', tarifa: '1200', horas: '1' });
    await expectFitsThePhone(page, '/facturacion (Crear Nueva Factura)');
    await dialog.getByRole('button', { name: 'Crear Factura' }).click();
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expectFitsThePhone(page, '/facturacion');
  });
});

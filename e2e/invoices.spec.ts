import { readFile } from 'node:fs/promises';
import { addDays } from '@bufete/shared/dates';
import { newInvoice, today, typed } from './invoicing';
import { createCaseThroughForm, createClientThroughForm, expect, expectAccessible, expectFitsThePhone, pdfText, registerThroughForm, test } from './support';

test('una factura tarifa × horas en MXN: Pendiente, luego Pagada y Cobrado; filtros; CSV', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/facturacion');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  await expect(page.getByText('No tienes facturas aún. ¡Crea tu primera factura!')).toBeVisible();
  await expectAccessible(page);

  const dialog = await newInvoice(page, { concepto: 'Contestación de demanda laboral', tarifa: '999999999.99', horas: '9999.99' });
  // Past what an invoice holds: 'Crear Factura' is off, and the form says why.
  await expect(dialog.getByTestId('invoice-total-error')).toHaveText('El total no puede pasar de $999,999,999.99 por factura: revisa la tarifa y las horas');
  await expect(dialog.getByRole('button', { name: 'Crear Factura' })).toBeDisabled();
  await dialog.getByLabel('Tarifa por hora').fill('1500');
  await dialog.getByLabel('Horas trabajadas').fill('2.5');
  await expect(dialog.getByTestId('invoice-total-error')).toBeHidden();
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
  // Closed, focus back on 'Nueva Factura' (a menu opened before that would lose it and close).
  await expect(second).toBeHidden();
  await expect(page.getByRole('button', { name: 'Nueva Factura' })).toBeFocused();
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  // The notices cover the last column's buttons until they go, and sonner keeps one on
  // screen while the pointer rests on it: the pointer leaves, as a person's would.
  await page.mouse.move(0, 0);
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
  expect(lines[0]).toBe(
    'Número,Cliente,Fecha Emisión,Concepto,Subtotal,IVA,ISR retenido,IVA retenido,Monto Total,Monto Pagado,Notas de crédito,Estado,Fecha de pago,Forma de pago,Folio fiscal (UUID),Estado del CFDI',
  );
  expect(lines.slice(1)).toEqual([
    `FACT-0001,Sin cliente,${typed(today())},Contestación de demanda laboral,3750.00,0.00,0.00,0.00,3750.00,3750.00,0.00,Pagada,${typed(today())},Transferencia electrónica de fondos,,`,
  ]);

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
  const pdf = await page.request.get(
    await row
      .getByRole('link', { name: 'Recibo PDF de FACT-0001' })
      .getAttribute('href')
      .then((href) => href!),
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});

test('facturar tiempo con revisión: temporizador en la barra, impuestos de persona moral, fechas en español, cancelar devuelve el tiempo', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/configuracion');
  await page.getByLabel('Tarifa por hora (MXN)').fill('1500');
  await page.getByLabel('Régimen fiscal').selectOption('612');
  await page.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(page.getByText('Datos fiscales guardados')).toBeVisible();

  // A company client (12-character RFC), and a case for it from its page.
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  const client = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await client.getByLabel('Nombre *').fill('Constructora del Bajío');
  await client.getByText('Datos fiscales (opcional)').click();
  await client.getByLabel('RFC').fill('CBA980101AB2');
  await client.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(client).toBeHidden();
  await page
    .getByRole('link', { name: /Constructora del Bajío/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Nuevo caso para este cliente' }).click();
  await page.getByLabel('Título del caso *').fill('Juicio de amparo');
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page.getByRole('heading', { name: 'Juicio de amparo' })).toBeVisible();
  const caseUrl = page.url();

  // The timer survives a reload and shows in the top bar on every screen.
  await page.getByRole('tab', { name: /Tiempo/ }).click();
  await page.getByLabel('Qué vas a hacer').fill('Estudio del expediente');
  await page.getByRole('button', { name: 'Iniciar', exact: true }).click();
  await expect(page.getByTestId('timer-elapsed')).toHaveText(/^00:00:0\d$/);
  await page.reload();
  await page.getByRole('tab', { name: /Tiempo/ }).click();
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  await page.goto('/facturacion');
  const chip = page.getByTestId('timer-chip');
  await expect(chip).toContainText('Juicio de amparo');
  // Stopped under a minute: it asks before saving a quarter hour.
  await chip.getByRole('button', { name: 'Detener el temporizador de Juicio de amparo' }).click();
  const ask = page.getByRole('dialog', { name: 'El temporizador lleva menos de un minuto' });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Registrar 0.25 h' }).click();
  await expect(page.getByText('Tiempo registrado: 0.25 h · $375.00')).toBeVisible();
  await expect(chip).toBeHidden();

  // A manual entry (optional rate blank: the profile's), then corrected while unbilled.
  await page.goto(caseUrl);
  await page.getByRole('tab', { name: /Tiempo/ }).click();
  await page.getByLabel('Horas').fill('1.5');
  await page.getByLabel('Descripción').fill('Redacción de la demanda');
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByTestId('time-entries').getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Editar Redacción de la demanda' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar tiempo' });
  await edit.getByLabel('Descripción').fill('Redacción de la demanda de amparo');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('time-entries')).toContainText('Redacción de la demanda de amparo');
  await expectAccessible(page);

  // 'Facturar tiempo' is a review: the form filled from the entries, taxes for a company, dates in Spanish.
  await page.getByRole('button', { name: 'Seleccionar lo no facturado' }).click();
  await page.getByRole('button', { name: 'Facturar tiempo (2)' }).click();
  const review = page.getByRole('dialog', { name: 'Facturar tiempo' });
  await expect(review.getByTestId('billed-entries').getByRole('listitem')).toHaveCount(2);
  await expect(review.getByLabel('Concepto *')).toHaveValue(`Honorarios profesionales: 1.75 horas (${typed(today())})`);
  await expect(review.getByLabel('Cliente', { exact: true })).toHaveValue(/.+/);
  await expect(review.getByLabel('Agregar IVA y, si facturas a una empresa, retenciones')).toBeChecked();
  await expect(review.getByLabel('Retenciones', { exact: true })).toHaveValue('612');
  await expect(review.getByTestId('invoice-total')).toHaveText('Total a cobrar: $2,502.50');
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Crear Factura' }).click();
  await expect(page.getByText('Factura FACT-0001 creada por $2,502.50')).toBeVisible();
  await expect(page.getByTestId('time-entries').getByText('Facturado · FACT-0001')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Facturar tiempo/ })).toBeDisabled();

  // Cancelled with a reason: the number stays, the time is unbilled again, the history says why.
  await page.goto('/facturacion');
  const row = page.getByTestId('invoice-row').filter({ hasText: 'FACT-0001' });
  await expect(row).toContainText('$2,502.50');
  await row.getByRole('button', { name: 'Más acciones de FACT-0001' }).click();
  await page.getByRole('menuitem', { name: 'Cancelar factura' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar factura' });
  await cancel.getByRole('button', { name: 'Cancelar factura' }).click();
  await expect(cancel.getByText('Escribe el motivo de la cancelación (al menos 3 caracteres)')).toBeVisible();
  await cancel.getByLabel('Motivo de la cancelación *').fill('Faltó incluir la audiencia');
  await cancel.getByRole('button', { name: 'Cancelar factura' }).click();
  await expect(page.getByText('Factura FACT-0001 cancelada. Su número no se volverá a usar.')).toBeVisible();
  await expect(row).toContainText('Cancelada');
  await expect(page.getByTestId('card-Total Facturado')).toHaveText('$0.00');
  await row.getByRole('button', { name: 'Ver FACT-0001' }).click();
  const detail = page.getByRole('dialog', { name: 'Factura FACT-0001' });
  await expect(detail.getByTestId('history')).toContainText('Factura FACT-0001 cancelada. Sus 2 entradas de tiempo vuelven a estar sin facturar.');
  await expect(detail.getByTestId('history')).toContainText('Motivo: — → Faltó incluir la audiencia');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.goto(caseUrl);
  await page.getByRole('tab', { name: /Tiempo/ }).click();
  await expect(page.getByTestId('time-entries').getByText(/Facturado/)).toHaveCount(0);
});

test('sin tarifa guardada el temporizador se inicia desde la barra, se detiene y pide la tarifa ahí o al facturar', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Divorcio incausado');
  // From any screen: the top bar starts it; the keyboard lands on the new chip's stop button.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Iniciar temporizador' }).click();
  const start = page.getByRole('dialog', { name: 'Iniciar temporizador' });
  await start.getByRole('button', { name: 'Iniciar' }).click();
  await expect(start.getByText('Elige el caso en el que trabajaste')).toBeVisible();
  await start.getByLabel('Caso').selectOption({ label: 'Divorcio incausado' });
  await expectAccessible(page);
  await start.getByRole('button', { name: 'Iniciar' }).click();
  const chip = page.getByTestId('timer-chip');
  await expect(chip).toContainText('00:00');
  await expect(chip.getByRole('button', { name: 'Detener el temporizador de Divorcio incausado' })).toBeFocused();
  // The chip opens the case on its 'Tiempo' tab.
  await chip.getByRole('link').click();
  await expect(page.getByRole('tab', { name: 'Tiempo' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  await expect(page).toHaveURL(/\?tab=tiempo$/);

  // No rate saved: it stops all the same and asks the rate right there; left for later, the time waits 'Sin tarifa'.
  await page.getByRole('button', { name: 'Detener', exact: true }).click();
  await page.getByRole('dialog', { name: 'El temporizador lleva menos de un minuto' }).getByRole('button', { name: 'Registrar 0.25 h' }).click();
  const rate = page.getByRole('dialog', { name: 'Tiempo registrado: 0.25 h' });
  await expect(rate.getByLabel('Tarifa por hora')).toBeFocused();
  await expectAccessible(page);
  await rate.getByRole('button', { name: 'Más tarde' }).click();
  await expect(chip).toBeHidden();
  await expect(page.getByTestId('time-entries')).toContainText('Sin tarifa');

  // 'Iniciar' on the case: the keyboard moves to 'Detener', not to the page's top.
  await page.getByRole('button', { name: 'Iniciar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Detener', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Descartar el temporizador' }).click();

  // Billing time without a rate asks for it first, then opens the review with the amount.
  await page.getByRole('button', { name: 'Seleccionar lo no facturado' }).click();
  await page.getByRole('button', { name: 'Facturar tiempo (1)' }).click();
  const pricing = page.getByRole('dialog', { name: 'Tiempo sin tarifa' });
  await pricing.getByRole('button', { name: 'Guardar tarifa' }).click();
  await expect(pricing.getByText('Escribe la tarifa por hora en pesos, por ejemplo 1500')).toBeVisible();
  await pricing.getByLabel('Tarifa por hora').fill('2000');
  await expect(pricing.getByText('0.25 h × $2,000.00 = $500.00')).toBeVisible();
  await pricing.getByRole('button', { name: 'Guardar tarifa' }).click();
  const review = page.getByRole('dialog', { name: 'Facturar tiempo' });
  await expect(review.getByTestId('billed-entries')).toContainText('$500.00');
  await expect(review.getByTestId('invoice-total')).toHaveText('Total a cobrar: $500.00');
  await review.getByRole('button', { name: 'Crear Factura' }).click();
  await expect(page.getByTestId('time-entries').getByText('Facturado · FACT-0001')).toBeVisible();
});

test('pagos con fecha y forma, edición de una pendiente, saldo del cliente y CSV con impuestos y fechas en español', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Lucía Hernández', email: 'lucia@example.com' });
  await page.goto('/facturacion');
  const dialog = await newInvoice(page, { concepto: 'Divorcio incausado', monto: '3000', cliente: 'Lucía Hernández' });
  await dialog.getByLabel('Estado').selectOption('pagada_parcialmente');
  await dialog.getByLabel('Monto pagado').fill('1000');
  await dialog.getByLabel('Fecha de pago').fill(typed(addDays(today(), -2)));
  await dialog.getByLabel('Forma de pago').selectOption({ label: 'Efectivo' });
  await dialog.getByRole('button', { name: 'Crear Factura' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cards-scope')).toHaveText('Resumen de todas tus facturas (sin las canceladas).');
  // Partly paid: in none of the spec's cards (its 'Pendiente' counts invoices with nothing paid), but owed all the same.
  await expect(page.getByTestId('card-Pendiente')).toHaveText('$0.00');
  await expect(page.getByTestId('card-Saldo por cobrar')).toHaveText('$2,000.00');
  await expect(page.getByRole('region', { name: 'Resumen de facturación' })).toContainText('0 pagadas · 0 pendientes · 1 parcial');

  // Optional fields blank (no due date, no notes, no client).
  const second = await newInvoice(page, { concepto: 'Asesoría', monto: '500' });
  await second.getByRole('button', { name: 'Crear Factura' }).click();
  // Closed, focus back on 'Nueva Factura' (a menu opened before that would lose it and close).
  await expect(second).toBeHidden();
  await expect(page.getByRole('button', { name: 'Nueva Factura' })).toBeFocused();
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  // The notices cover the last column's buttons until they go, and sonner keeps one on
  // screen while the pointer rests on it: the pointer leaves, as a person's would.
  await page.mouse.move(0, 0);
  // A pendiente invoice with nothing paid is edited; its history names the change.
  const pendiente = page.getByTestId('invoice-row').filter({ hasText: 'FACT-0002' });
  await pendiente.getByRole('button', { name: 'Más acciones de FACT-0002' }).click();
  await page.getByRole('menuitem', { name: 'Editar factura' }).click();
  const editing = page.getByRole('dialog', { name: 'Editar factura' });
  await editing.getByLabel('Concepto *').fill('Asesoría laboral');
  await editing.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(editing).toBeHidden();
  await expect(pendiente).toContainText('Asesoría laboral');
  await pendiente.getByRole('button', { name: 'Ver FACT-0002' }).click();
  await expect(page.getByTestId('history')).toContainText('Concepto: Asesoría → Asesoría laboral');
  await page.keyboard.press('Escape');

  // Paid in full by transfer on a given day: the row and the detail say when and how.
  const partial = page.getByTestId('invoice-row').filter({ hasText: 'FACT-0001' });
  await partial.getByRole('button', { name: 'Editar estado de FACT-0001' }).click();
  const status = page.getByRole('dialog', { name: 'Editar Estado de Factura' });
  await status.getByLabel('Estado').selectOption('pagada');
  await status.getByLabel('Fecha de pago').fill(typed(addDays(today(), -1)));
  await status.getByLabel('Forma de pago').selectOption({ label: 'Transferencia electrónica de fondos' });
  await expectAccessible(page);
  await status.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(status).toBeHidden();
  await expect(partial).toContainText('Pagada');
  await partial.getByRole('button', { name: 'Ver FACT-0001' }).click();
  const payments = page.getByTestId('invoice-payments');
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  await expect(payments).toContainText(`${typed(addDays(today(), -1))} · Transferencia electrónica de fondos`);
  await expect(payments).toContainText('Efectivo');
  await page.keyboard.press('Escape');

  // The cards say when they follow the filters.
  await page.getByLabel('Filtrar por estado').selectOption('pagada');
  await expect(page.getByTestId('cards-scope')).toHaveText('Resumen de las facturas que coinciden con los filtros (sin las canceladas).');
  await page.getByLabel('Filtrar por estado').selectOption('');

  // The CSV: the tax columns, days as dd/mm/aaaa, the payment's day and form.
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = (await readFile((await (await downloadPromise).path())!)).toString('utf8').slice(1).trim().split('\r\n');
  expect(csv[0]).toBe(
    'Número,Cliente,Fecha Emisión,Concepto,Subtotal,IVA,ISR retenido,IVA retenido,Monto Total,Monto Pagado,Notas de crédito,Estado,Fecha de pago,Forma de pago,Folio fiscal (UUID),Estado del CFDI',
  );
  expect(csv).toContain(
    `FACT-0001,Lucía Hernández,${typed(today())},Divorcio incausado,3000.00,0.00,0.00,0.00,3000.00,3000.00,0.00,Pagada,${typed(addDays(today(), -1))},Transferencia electrónica de fondos,,`,
  );

  // The client's page: their invoices and what they still owe.
  await page.goto('/clientes');
  await page
    .getByRole('link', { name: /Lucía Hernández/ })
    .first()
    .click();
  await page.getByRole('tab', { name: /Facturas/ }).click();
  await expect(page.getByTestId('client-invoices').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('client-Saldo por cobrar')).toHaveText('$0.00');
  await expect(page.getByTestId('client-Cobrado')).toHaveText('$3,000.00');
  await expectAccessible(page);
});

test('el recibo imprime todo lo escrito: notas largas y la CLABE completa, en varias líneas', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/facturacion');
  const notas = `Pagar a la CLABE 012320001234567890 (BBVA). ${'Indique el número de factura en la referencia. '.repeat(12)}Gracias.`;
  const dialog = await newInvoice(page, { concepto: 'Honorarios por la contestación de la demanda', monto: '1500' });
  await dialog.getByLabel('Notas').fill(notas);
  await dialog.getByRole('button', { name: 'Crear Factura' }).click();
  const href = await page.getByRole('link', { name: 'Recibo PDF de FACT-0001' }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = (await pdfText(await pdf.body())).replace(/\s+/g, ' ');
  expect(text).toContain('CLABE 012320001234567890 (BBVA)');
  expect(text).toContain('Gracias.');
  expect(text).toContain('Honorarios por la contestación de la demanda');
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
    // A card, not a table to scroll sideways: number, amount and every action in view at once.
    await expect(page.getByRole('region', { name: 'Tabla de facturas' })).toHaveCount(0);
    const card = page.getByTestId('invoice-row');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText('Asesoría');
    await expect(card).toContainText('$1,200.00');
    for (const action of ['Ver FACT-0001', 'Editar estado de FACT-0001', 'Más acciones de FACT-0001']) {
      await expect(card.getByRole('button', { name: action })).toBeInViewport({ ratio: 1 });
    }
    await expect(card.getByRole('link', { name: 'Recibo PDF de FACT-0001' })).toBeInViewport({ ratio: 1 });
    await card.getByRole('button', { name: 'Editar estado de FACT-0001' }).click();
    await expect(page.getByRole('dialog', { name: 'Editar Estado de Factura' })).toBeVisible();
  });
});

test('una factura con IVA y sin retenciones no dice «Retenciones -$0.00»', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Lucía Hernández' });
  await page.goto('/facturacion');
  const dialog = await newInvoice(page, { concepto: 'Divorcio incausado', monto: '3000', cliente: 'Lucía Hernández' });
  await dialog.getByLabel('Agregar IVA y, si facturas a una empresa, retenciones').check();
  await expect(dialog.getByLabel('Retenciones', { exact: true })).toHaveValue('ninguna');
  await dialog.getByRole('button', { name: 'Crear Factura' }).click();
  await expect(dialog).toBeHidden();
  await page.mouse.move(0, 0);
  await page.getByTestId('invoice-row').first().getByRole('button', { name: /^Ver / }).click();
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toContainText('IVA$480.00');
  await expect(detail).not.toContainText('Retenciones');
});

import { wallClockIn } from '@bufete/shared/dates';
import { countMail, createClientThroughForm, expect, expectAccessible, registerThroughForm, test } from './support';

test('cliente → caso → búsqueda y filtros → cambio de estado → dashboard → eliminación', async ({ page }) => {
  await registerThroughForm(page, { nombre: 'Rocío', apellido: 'Beltrán' });
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  await expect(page.getByTestId('stat-Total Casos')).toHaveText('0');
  await expectAccessible(page);

  // A client, through /clientes/nuevo (the dialog opens by itself).
  await page.getByRole('link', { name: 'Agregar cliente' }).click();
  await expect(page).toHaveURL(/\/clientes\/nuevo$/);
  const dialog = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Crear Cliente' })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByLabel('Nombre *').fill('Inmobiliaria Sol');
  await dialog.getByLabel('Email').fill('contacto@inmosol.mx');
  await dialog.getByLabel('Teléfono').fill('+52 33 1234 5678');
  await dialog.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByRole('heading', { name: 'Inmobiliaria Sol' })).toBeVisible();

  // A case for that client, with the spec's defaults.
  await page.goto('/casos/nuevo');
  await expect(page.getByLabel('Estado inicial')).toHaveValue('Pendiente');
  await expect(page.getByLabel('Prioridad')).toHaveValue('Media');
  await expect(page.getByRole('button', { name: 'Crear Caso' })).toBeDisabled();
  // Off, and says why, next to it.
  await expect(page.getByRole('button', { name: 'Crear Caso' })).toHaveAccessibleDescription('Escribe el título del caso para crearlo.');
  await expectAccessible(page);
  await page.getByLabel('Título del caso *').fill('Rescisión de contrato de arrendamiento');
  await page.getByLabel('Descripción').fill('El arrendatario dejó de pagar tres meses.');
  await page.getByLabel('Prioridad').selectOption('Alta');
  await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Inmobiliaria Sol' });
  await page.getByLabel('Fecha de vencimiento').fill('20/05/2027');
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
  const caseId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Rescisión de contrato de arrendamiento' })).toBeVisible();
  await expect(page.getByText(`#${caseId.slice(0, 8)}`)).toHaveCount(0);
  await expect(page.getByText('20 de mayo de 2027')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill('Consulta societaria');
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page.getByRole('heading', { name: 'Consulta societaria' })).toBeVisible();

  // Search by the client's name, then by filters.
  await page.goto('/casos');
  const cards = page.getByTestId('case-card');
  await expect(cards).toHaveCount(3); // the demo case plus two
  await page.getByLabel('Buscar casos por título, cliente, expediente, juzgado o parte').fill('inmobiliaria');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Rescisión de contrato de arrendamiento');
  await page.getByLabel('Buscar casos por título, cliente, expediente, juzgado o parte').fill('');
  await page.getByLabel('Filtrar por prioridad').selectOption('Alta');
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Filtrar por estado').selectOption('Cerrado');
  await expect(page.getByText('No se encontraron casos que coincidan con los filtros.')).toBeVisible();
  await page.getByLabel('Filtrar por estado').selectOption('');
  await page.getByLabel('Filtrar por prioridad').selectOption('');
  await expectAccessible(page);

  // Edit its state from the card's edit action.
  await cards.filter({ hasText: 'Rescisión' }).hover();
  await page.getByRole('button', { name: 'Editar Rescisión de contrato de arrendamiento' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar caso' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Estado')).toHaveValue('Pendiente');
  await expectAccessible(page);
  await edit.getByLabel('Estado').selectOption('Cerrado');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Cerrado').first()).toBeVisible();

  // The dashboard counts it and lists it among the recent cases.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('stat-Total Casos')).toHaveText('2');
  await expect(page.getByTestId('stat-Clientes')).toHaveText('1');
  await expect(page.getByTestId('welcome-card')).toBeHidden();
  const recent = page.getByTestId('recent-cases');
  await expect(recent.getByRole('link')).toHaveCount(2);
  await recent.getByRole('link', { name: /Rescisión/ }).click();
  await expect(page).toHaveURL(new RegExp(`/casos/${caseId}$`));

  // Delete it, with a confirmation.
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Eliminar caso' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/casos$/);
  await expect(cards).toHaveCount(2);
  await page.goto(`/casos/${caseId}`);
  await expect(page.getByRole('heading', { name: 'Caso no encontrado' })).toBeVisible();
  await expect(page.getByText('El caso que buscas no existe o no tienes permisos para verlo.')).toBeVisible();
});

test('el caso y el cliente de ejemplo son de solo lectura', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/casos');
  await expect(page.getByText('Tus casos empiezan aquí')).toBeVisible();
  const demo = page.getByTestId('case-card').filter({ hasText: 'Ejemplo' });
  await demo.hover();
  await page.getByRole('button', { name: /^Eliminar Ejemplo/ }).click();
  await expect(page.getByText('No puedes eliminar el caso de ejemplo')).toBeVisible();
  await page.getByRole('button', { name: /^Editar Ejemplo/ }).click();
  await expect(page.getByText('No puedes editar el caso de ejemplo')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.goto('/casos/ejemplo-demo-caso-001');
  await expect(page.getByRole('tab', { name: /Documentos \(2\)/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Notas \(3\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByText('No puedes eliminar el caso de ejemplo')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/clientes');
  await expect(page.getByText('¡Comienza a gestionar tus clientes!')).toBeVisible();
  await page.getByRole('button', { name: 'Editar Cliente de Ejemplo' }).click();
  await expect(page.getByText('No puedes editar el cliente de ejemplo')).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar Cliente de Ejemplo' }).click();
  await expect(page.getByText('No puedes eliminar el cliente de ejemplo')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
});

test('email a un cliente: validación, envío inmediato, recordatorio programado y cancelado; WhatsApp sin teléfono', async ({ page }) => {
  await registerThroughForm(page, { nombre: 'Gonzalo', apellido: 'Reyes' });
  // Only a name and an email: phone, company and address left blank.
  await createClientThroughForm(page, { nombre: 'Marta Quiroga', email: 'marta@quiroga.mx' });
  const card = page.getByTestId('client-card').filter({ hasText: 'Marta Quiroga' });
  await expect(card).toContainText('Particular');
  await expect(card).toContainText('No registrado');

  await page.getByRole('button', { name: 'WhatsApp de Marta Quiroga' }).click();
  await expect(page.getByText('Este cliente no tiene número de teléfono registrado')).toBeVisible();

  await page.getByRole('button', { name: 'Enviar email a Marta Quiroga' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar email a Marta Quiroga' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Todavía no has enviado emails a este cliente.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(dialog.getByText('Por favor completa el asunto y el mensaje')).toBeVisible();
  await dialog.getByLabel('Asunto').fill('Documentación pendiente');
  await dialog.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(dialog.getByText('Por favor completa el asunto y el mensaje')).toBeVisible();

  // Scheduled an hour from now on the lawyer's clock (Mexico City unless Preferencias say otherwise),
  // typed as a person in Mexico writes it: it waits, and it can be cancelled.
  const inAnHour = wallClockIn(new Date(Date.now() + 60 * 60 * 1000), 'America/Mexico_City');
  await dialog.getByLabel('Mensaje').fill('Le recuerdo traer su identificación.');
  await dialog.getByLabel('Hora').fill(inAnHour.time);
  await dialog.getByRole('button', { name: 'Programar envío' }).click();
  await expect(dialog.getByText('Para programar el envío indica el día (dd/mm/aaaa) y la hora (hh:mm)')).toBeVisible();
  await dialog.getByLabel('Día').fill(inAnHour.day.split('-').reverse().join('/'));
  await dialog.getByRole('button', { name: 'Programar envío' }).click();
  await expect(page.getByText('Recordatorio programado correctamente')).toBeVisible();
  const list = dialog.getByTestId('reminder-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Programado');
  await expectAccessible(page);
  await list.getByRole('button', { name: 'Cancelar Documentación pendiente' }).click();
  await expect(list).toContainText('Cancelado');
  await expect(list.getByRole('button', { name: /^Cancelar / })).toHaveCount(0);
  expect(await countMail('marta@quiroga.mx', /Documentación pendiente/)).toBe(0);

  // Sent now: the email goes out and the dialog closes.
  await dialog.getByLabel('Asunto').fill('Cita confirmada');
  await dialog.getByLabel('Mensaje').fill('Nos vemos el lunes a las 10:00.');
  await dialog.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(page.getByText('Email enviado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => countMail('marta@quiroga.mx', /Cita confirmada/)).toBe(1);
});

test('los datos fiscales de un cliente siguen el catálogo del SAT: el uso del CFDI que no corresponde a su régimen se dice en español', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await dialog.getByLabel('Nombre *').fill('Xochilt Casas');
  await dialog.getByText('Datos fiscales (opcional)').click();
  await dialog.getByLabel('RFC').fill('CACX7605101P8');
  await dialog.getByLabel('Uso del CFDI').selectOption('G03');
  // Chosen after the use: sueldos y salarios only deducts personal expenses.
  await dialog.getByLabel('Régimen fiscal').selectOption('605');
  await dialog.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(dialog.getByText('El SAT no admite el uso G03 para el régimen 605')).toBeVisible();
  // The select offers only what fits now (and keeps the one chosen until it changes).
  await expect(dialog.getByLabel('Uso del CFDI').locator('option[value="D01"]')).toHaveCount(1);
  await expect(dialog.getByLabel('Uso del CFDI').locator('option[value="I01"]')).toHaveCount(0);
  await dialog.getByLabel('Uso del CFDI').selectOption('D01');
  await dialog.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Xochilt Casas' })).toBeVisible();
});

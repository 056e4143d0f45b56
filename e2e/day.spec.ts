import { addDays, todayIn } from '@bufete/shared/dates';
import type { Locator, Page } from '@playwright/test';
import { createClientThroughForm, expect, expectAccessible, registerThroughForm, test } from './support';

/**
 * A lawyer's working day: deadlines that stand out, the expediente, the client
 * as the place everything about them meets, Spanish controls in an English
 * browser, and a keyboard that never gets lost.
 */

// Days are counted on the lawyer's clock: Mexico City until Preferencias say otherwise.
const today = () => todayIn('America/Mexico_City');
/** A YYYY-MM-DD day as a person in Mexico types it. */
const typed = (day: string) => day.split('-').reverse().join('/');

async function newCase(page: Page, fields: { titulo: string; vence?: string; cliente?: string; expediente?: string; juzgado?: string; materia?: string }) {
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill(fields.titulo);
  if (fields.cliente) await page.getByLabel('Cliente', { exact: true }).selectOption({ label: fields.cliente });
  if (fields.vence) await page.getByLabel('Fecha de vencimiento').fill(typed(fields.vence));
  if (fields.expediente) await page.getByLabel('Número de expediente').fill(fields.expediente);
  if (fields.juzgado) await page.getByLabel('Juzgado o autoridad').fill(fields.juzgado);
  if (fields.materia) await page.getByLabel('Materia').selectOption({ label: fields.materia });
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: fields.titulo })).toBeVisible();
  return page.url().split('/').pop()!;
}

/** The hue (OKLCH degrees) of an element's text colour: about 27 for Tailwind's reds, 45–75 for its ambers. */
async function hueOf(locator: Locator): Promise<number> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const match = /oklch\(\S+ \S+ ([\d.]+)/.exec(color);
  expect(match, color).not.toBeNull();
  return Number(match![1]);
}

test('los vencimientos se distinguen: vencido, próximo y cerrado; orden y filtros; el dashboard los pone primero', async ({ page }) => {
  await registerThroughForm(page, { nombre: 'María Fernanda', apellido: 'Ríos' });
  // A greeting that fits everyone.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Hola, María Fernanda!');
  await expect(page.getByText(/Bienvenid/)).toHaveCount(0);

  await createClientThroughForm(page, { nombre: 'Lucía Hernández' });
  await newCase(page, { titulo: 'Contestación de demanda', vence: addDays(today(), -11), cliente: 'Lucía Hernández' });
  await expect(page.locator('[data-urgency="overdue"]').first()).toHaveText('Vencido hace 11 días');
  await newCase(page, { titulo: 'Ofrecimiento de pruebas', vence: addDays(today(), 4) });
  await newCase(page, { titulo: 'Audiencia de hoy', vence: today() });
  await newCase(page, { titulo: 'Sin plazo' });
  await newCase(page, { titulo: 'Asunto concluido', vence: addDays(today(), -3), cliente: 'Lucía Hernández' });

  // Closed from /casos: the edit dialog shows the case's client, not 'Sin cliente'.
  await page.goto('/casos');
  await page.getByRole('button', { name: 'Editar Asunto concluido' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar caso' });
  await expect(edit.getByLabel('Cliente', { exact: true }).locator('option:checked')).toHaveText('Lucía Hernández');
  await expect(edit.getByLabel('Fecha de vencimiento')).toHaveValue(typed(addDays(today(), -3)));
  await edit.getByLabel('Estado', { exact: true }).selectOption('Cerrado');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Lucía Hernández').first()).toBeVisible();

  await page.goto('/casos');
  const card = (titulo: string) => page.getByTestId('case-card').filter({ hasText: titulo });
  await expect(card('Contestación de demanda').locator('[data-urgency]')).toHaveText('Vencido hace 11 días');
  await expect(card('Contestación de demanda').locator('[data-urgency]')).toHaveAttribute('data-urgency', 'overdue');
  await expect(card('Ofrecimiento de pruebas').locator('[data-urgency]')).toHaveText('Vence en 4 días');
  await expect(card('Ofrecimiento de pruebas').locator('[data-urgency]')).toHaveAttribute('data-urgency', 'soon');
  await expect(card('Audiencia de hoy').locator('[data-urgency]')).toHaveText('Vence hoy');
  await expect(card('Asunto concluido')).toContainText('Cerrado');
  await expect(card('Asunto concluido').locator('[data-urgency]')).toHaveCount(0);
  await expect(card('Sin plazo').locator('[data-urgency]')).toHaveCount(0);
  // Overdue reads in red, soon in amber (hues of the text colour, in OKLCH degrees).
  expect(await hueOf(card('Contestación de demanda').locator('[data-urgency]'))).toBeLessThan(35);
  expect(await hueOf(card('Ofrecimiento de pruebas').locator('[data-urgency]'))).toBeGreaterThan(40);
  expect(await hueOf(card('Ofrecimiento de pruebas').locator('[data-urgency]'))).toBeLessThan(90);
  await expectAccessible(page);

  // Sorted by due date: the demo case still heads the list, then the nearest date; no date last.
  const titles = page.getByTestId('case-card').locator('h2');
  await page.getByLabel('Ordenar casos').selectOption('vencimiento');
  await expect(titles).toHaveText(['Ejemplo: Arrendamiento comercial', 'Contestación de demanda', 'Asunto concluido', 'Audiencia de hoy', 'Ofrecimiento de pruebas', 'Sin plazo']);
  await page.getByLabel('Filtrar por vencimiento').selectOption('vencidos');
  await expect(titles).toHaveText(['Contestación de demanda']);
  await page.getByLabel('Filtrar por vencimiento').selectOption('proximos');
  await expect(titles).toHaveText(['Audiencia de hoy', 'Ofrecimiento de pruebas']);

  // The dashboard: 'Próximos vencimientos', the overdue one first, nothing closed.
  await page.goto('/dashboard');
  const due = page.getByTestId('due-cases').getByRole('listitem');
  await expect(due).toHaveCount(3);
  await expect(due.nth(0)).toContainText('Contestación de demanda');
  await expect(due.nth(0)).toContainText('Vencido hace 11 días');
  await expect(due.nth(1)).toContainText('Vence hoy');
  await expect(due.nth(2)).toContainText('Vence en 4 días');
  await expect(page.getByTestId('due-cases')).not.toContainText('Asunto concluido');
  await expect(page.getByTestId('recent-cases').getByRole('listitem')).toHaveCount(5);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Ver por vencimiento' }).click();
  await expect(page.getByLabel('Ordenar casos')).toHaveValue('vencimiento');
});

test('el expediente: número, juzgado, partes y materia se guardan, se ven una vez y se encuentran', async ({ page }) => {
  await registerThroughForm(page);
  const id = await newCase(page, {
    titulo: 'Amparo contra el crédito fiscal',
    expediente: '733/2026-III',
    juzgado: 'Juzgado Segundo de Distrito en Materia Administrativa',
    materia: 'Amparo',
  });
  // The other side is a party of the case, added on its page (its counsel left blank, as most people leave it).
  await page.getByRole('button', { name: 'Agregar parte' }).click();
  const party = page.getByRole('dialog', { name: 'Agregar parte' });
  await party.getByLabel('Papel en el juicio').selectOption({ label: 'Tercero' });
  await party.getByLabel('Nombre o razón social *').fill('Servicio de Administración Tributaria');
  await party.getByRole('button', { name: 'Agregar parte' }).click();
  await expect(party).toBeHidden();
  await expect(page.getByRole('list', { name: 'Partes del caso' })).toContainText('Tercero');
  // Under its title, the case as the court knows it; never an internal id.
  await expect(page.getByText('Expediente 733/2026-III · Juzgado Segundo de Distrito en Materia Administrativa', { exact: true })).toBeVisible();
  await expect(page.getByText(`#${id.slice(0, 8)}`)).toHaveCount(0);
  await expect(page.getByText('Servicio de Administración Tributaria')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/casos');
  const search = page.getByLabel('Buscar casos por título, cliente, expediente, juzgado o parte');
  for (const term of ['733/2026', 'segundo de distrito', 'administración tributaria']) {
    await search.fill(term);
    await expect(page.getByTestId('case-card')).toHaveCount(1);
    await expect(page.getByTestId('case-card')).toContainText('Exp. 733/2026-III');
    await expect(page.getByTestId('case-card')).toContainText('Amparo');
  }
  await search.fill('1234/2026');
  await expect(page.getByTestId('case-card')).toHaveText(/Ejemplo: Arrendamiento comercial/);
});

test('la página del cliente reúne sus casos, documentos, notas y emails', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Lucía Hernández', email: 'lucia@hernandez.mx', empresa: 'Comercializadora de Productos Agrícolas del Bajío, S.A.P.I. de C.V.' });
  await createClientThroughForm(page, { nombre: 'Otro Cliente' });
  const clientCard = page.getByTestId('client-card').filter({ hasText: 'Lucía Hernández' });
  await expect(clientCard).toContainText('Cliente desde:');
  await clientCard.getByRole('link', { name: 'Lucía Hernández' }).click();
  await expect(page).toHaveURL(/\/clientes\/[0-9a-f-]{36}$/);
  const clientUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucía Hernández' })).toBeVisible();
  await expect(page.getByText('Este cliente aún no tiene casos.')).toBeVisible();
  await expectAccessible(page);

  // A case started from the client's page comes linked to them.
  await page.getByRole('link', { name: 'Nuevo caso para este cliente' }).click();
  await expect(page.getByLabel('Cliente', { exact: true }).locator('option:checked')).toHaveText('Lucía Hernández');
  await page.getByLabel('Título del caso *').fill('Pensión alimenticia');
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pensión alimenticia' })).toBeVisible();

  // A note and a document in that case.
  await page.getByRole('tab', { name: /Notas/ }).click();
  await page.getByRole('button', { name: 'Nueva Nota' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Nueva Nota' });
  await noteDialog.getByLabel('Título *').fill('Acuerdo con la contraparte');
  await noteDialog.getByRole('button', { name: 'Crear Nota' }).click();
  await expect(noteDialog).toBeHidden();
  await page.getByRole('tab', { name: /Documentos/ }).click();
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Documento' });
  await expect(upload.getByText('Seleccionar archivo')).toBeVisible();
  await expect(upload.getByText('Ningún archivo seleccionado')).toBeVisible();
  await upload.getByLabel('Archivo').setInputFiles({ name: 'convenio.txt', mimeType: 'text/plain', buffer: Buffer.from('Convenio de pensión') });
  await expect(upload.getByText('convenio.txt')).toBeVisible();
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload).toBeHidden();

  // From the case, the client's name leads to their page.
  await page.getByRole('link', { name: 'Lucía Hernández' }).click();
  await expect(page).toHaveURL(clientUrl);
  await expect(page.getByTestId('client-cases')).toContainText('Pensión alimenticia');
  await page.getByRole('tab', { name: 'Documentos' }).click();
  await expect(page.getByTestId('document-card')).toHaveCount(1);
  await expect(page.getByTestId('document-card')).toContainText('convenio.txt');
  await page.getByRole('tab', { name: 'Notas' }).click();
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await expect(page.getByTestId('note-card')).toContainText('Acuerdo con la contraparte');

  // An email from the page shows in its 'Emails' tab.
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  const email = page.getByRole('dialog', { name: 'Enviar email a Lucía Hernández' });
  await email.getByLabel('Asunto').fill('Audiencia del jueves');
  await email.getByLabel('Mensaje').fill('La audiencia es el jueves a las 10:00.');
  await email.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(email).toBeHidden();
  await page.getByRole('tab', { name: 'Emails' }).click();
  await expect(page.getByTestId('reminder-list')).toContainText('Audiencia del jueves');
  await expectAccessible(page);

  // Another client's page shows none of it.
  await page.goto('/clientes');
  await page.getByTestId('client-card').filter({ hasText: 'Otro Cliente' }).getByRole('link', { name: 'Otro Cliente' }).click();
  await expect(page.getByText('Este cliente aún no tiene casos.')).toBeVisible();
  await page.goto('/clientes/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Cliente no encontrado' })).toBeVisible();
});

test.describe('en un navegador en inglés', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('fechas dd/mm/aaaa con calendario en español (lunes primero), horas de 24 h y archivo en español', async ({ page }) => {
    await registerThroughForm(page);
    await page.goto('/casos/nuevo');
    const due = page.getByLabel('Fecha de vencimiento');
    await expect(due).toHaveAttribute('placeholder', 'dd/mm/aaaa');

    // Typed by keyboard, the way a lawyer writes it: 5 December, never 12 May.
    await due.fill('5/12/2027');
    await due.press('Tab');
    await expect(due).toHaveValue('05/12/2027');

    // The calendar speaks Spanish and starts on Monday.
    await page.getByRole('button', { name: 'Elegir en el calendario' }).click();
    const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    await expect(calendar.getByText('diciembre 2027')).toBeVisible();
    const weekdays = calendar.locator('thead th');
    await expect(weekdays.first()).toHaveAttribute('aria-label', 'lunes');
    await expect(weekdays.last()).toHaveAttribute('aria-label', 'domingo');
    await calendar.getByRole('button', { name: /20 de diciembre de 2027/ }).click();
    await expect(due).toHaveValue('20/12/2027');
    await expect(due).toBeFocused();

    // A date that does not exist is refused in Spanish and nothing else is lost.
    await page.getByLabel('Título del caso *').fill('Juicio oral mercantil');
    await due.fill('31/02/2027');
    await page.getByRole('button', { name: 'Crear Caso' }).click();
    await expect(page.getByText('Fecha inválida')).toBeVisible();
    await expect(page.getByLabel('Título del caso *')).toHaveValue('Juicio oral mercantil');
    await due.fill('20/12/2027');
    await page.getByRole('button', { name: 'Crear Caso' }).click();
    await expect(page.getByText('20 de diciembre de 2027').first()).toBeVisible();

    // Times in 24 hours, no AM/PM.
    await createClientThroughForm(page, { nombre: 'Ramón Vega', email: 'ramon@vega.mx' });
    await page.getByRole('button', { name: 'Enviar email a Ramón Vega' }).click();
    const email = page.getByRole('dialog', { name: 'Enviar email a Ramón Vega' });
    const hora = email.getByLabel('Hora');
    await expect(hora).toHaveAttribute('placeholder', 'hh:mm');
    await hora.fill('1745');
    await hora.press('Tab');
    await expect(hora).toHaveValue('17:45');
    await expect(email.getByText(/AM|PM/)).toHaveCount(0);
    await expectAccessible(page);
  });
});

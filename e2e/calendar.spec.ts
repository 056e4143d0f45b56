import { addDays, todayIn } from '@bufete/shared/dates';
import type { Page } from '@playwright/test';
import { FAKE_GOOGLE } from '../playwright.config';
import { createCaseThroughForm, createClientThroughForm, expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

/** Days on the lawyer's clock (Mexico City until Preferencias say otherwise). */
const today = () => todayIn('America/Mexico_City');
const typed = (day: string) => day.split('-').reverse().join('/');
const mondayOf = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
};

/** The calendar, once its connection check is done. */
async function openCalendar(page: Page) {
  await page.goto('/calendario');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
}

/** Shows the week or the month that holds `day`, with 'Semana' / 'Mes' and 'Siguiente' the way a person would. */
async function showPeriodOf(page: Page, view: 'Semana' | 'Mes', day: string) {
  await page.getByRole('group', { name: 'Vista del calendario' }).getByRole('button', { name: view }).click();
  // From today's period: a view keeps the day the last one showed (a week already moved on would move twice at a month's end).
  await page.getByRole('button', { name: 'Hoy' }).click();
  const sameWeek = mondayOf(day) === mondayOf(today());
  const sameMonth = day.slice(0, 7) === today().slice(0, 7);
  if ((view === 'Semana' && !sameWeek) || (view === 'Mes' && !sameMonth)) await page.getByRole('button', { name: 'Siguiente' }).click();
}

test('una cita con su caso y dos etiquetas se ve en Lista, Semana y Mes; se edita y se elimina', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Lucía Hernández' });
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill('Pensión alimenticia');
  await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Lucía Hernández' });
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pensión alimenticia' })).toBeVisible();

  await page.goto('/calendario');
  // The heading and the 'Verificando…' line can be on screen together while the status loads.
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expect(page.getByTestId('google-connect-card')).toContainText('Conectar con Google Calendar');
  await expect(page.getByTestId('google-connect-card')).toContainText('Refrescar Estado');
  await expectAccessible(page);
  // A lawyer who does not use Google hides it, for good in this browser.
  await page.getByRole('button', { name: 'Ocultar la invitación a Google Calendar' }).click();
  await expect(page.getByTestId('google-connect-card')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expect(page.getByTestId('google-connect-card')).toHaveCount(0);

  const day = addDays(today(), 2);
  await page.getByRole('button', { name: 'Nueva Cita', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear nueva cita' });
  await expect(dialog.getByLabel('Recordatorio por email')).toHaveValue('15');
  await expect(dialog.getByLabel('Aviso en pantalla')).toHaveValue('10');
  await expectAccessible(page);
  await dialog.getByLabel('Título *').fill('Audiencia de pruebas');
  await dialog.getByLabel('Día de inicio').fill(typed(day));
  await dialog.getByLabel('Hora de inicio').fill('10:00');
  await dialog.getByLabel('Día de fin').fill(typed(day));
  await dialog.getByLabel('Hora de fin').fill('11:30');
  await dialog.getByLabel('Ubicación').fill('Juzgado Quinto Familiar');
  // Choosing the case brings its client.
  await dialog.getByLabel('Caso').selectOption({ label: 'Pensión alimenticia' });
  await expect(dialog.getByLabel('Cliente').locator('option:checked')).toHaveText('Lucía Hernández');
  for (const tag of ['urgente', 'audiencia']) {
    await dialog.getByPlaceholder('Nueva etiqueta').fill(tag);
    await dialog.getByRole('button', { name: 'Crear', exact: true }).click();
    await expect(dialog.getByRole('button', { name: tag, pressed: true })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Crear cita' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cita creada')).toBeVisible();

  // Lista: the next appointments, with the legend's marks.
  const upcoming = page.getByTestId('upcoming-events').getByRole('listitem').filter({ hasText: 'Audiencia de pruebas' });
  await expect(upcoming).toContainText('10:00–11:30');
  await expect(upcoming.getByRole('img', { name: 'Vinculada a un caso' })).toBeVisible();
  await expect(upcoming.getByRole('img', { name: 'Con etiquetas' })).toBeVisible();
  await expect(page.getByTestId('stat-semana')).toHaveText('1');

  // Semana: placed on its day and hour.
  await showPeriodOf(page, 'Semana', day);
  const block = page.getByTestId('week-view').getByRole('button', { name: /^Audiencia de pruebas .*10:00–11:30/ });
  await expect(block).toBeVisible();
  await expect(page.locator(`[data-day="${day}"]`).getByRole('button', { name: /Audiencia de pruebas/ })).toBeVisible();
  await expectAccessible(page);

  // Mes: in its cell.
  await showPeriodOf(page, 'Mes', day);
  const cell = page.locator(`[data-testid="month-cell"][data-day="${day}"]`);
  await expect(cell.getByTestId('event-chip')).toContainText('10:00');
  await expectAccessible(page);

  // Edit from the month, then delete.
  await cell.getByTestId('event-chip').click();
  const edit = page.getByRole('dialog', { name: 'Editar cita' });
  await expect(edit.getByLabel('Título *')).toHaveValue('Audiencia de pruebas');
  await expect(edit.getByLabel('Caso').locator('option:checked')).toHaveText('Pensión alimenticia');
  await edit.getByLabel('Título *').fill('Audiencia diferida');
  await edit.getByLabel('Hora de fin').fill('10:30');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit).toBeHidden();
  await expect(cell.getByTestId('event-chip')).toContainText('Audiencia diferida');
  // Moving the start moves the end with it, keeping the half hour.
  await cell.getByTestId('event-chip').click();
  await edit.getByLabel('Hora de inicio').fill('16:00');
  await expect(edit.getByLabel('Hora de fin')).toHaveValue('16:30');
  await edit.getByLabel('Día de inicio').fill(typed(addDays(day, 1)));
  await expect(edit.getByLabel('Día de fin')).toHaveValue(typed(addDays(day, 1)));
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  // An end before the start is refused in Spanish, nothing lost.
  await cell.getByTestId('event-chip').click();
  await edit.getByLabel('Hora de fin').fill('09:00');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit.getByText('La cita debe terminar después de empezar')).toBeVisible();
  await expect(edit.getByLabel('Título *')).toHaveValue('Audiencia diferida');
  await edit.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('¿Estás seguro de que quieres eliminar este evento?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(edit).toBeHidden();
  await expect(cell.getByTestId('event-chip')).toHaveCount(0);
});

test('cinco citas en un día: el mes muestra tres y «+2 más», que abre el día', async ({ page }) => {
  await registerThroughForm(page);
  const day = addDays(today(), 3);
  // One through the dialog (clicking the day in the month), four more the quick way.
  await openCalendar(page);
  await showPeriodOf(page, 'Mes', day);
  await page
    .locator(`[data-testid="month-cell"][data-day="${day}"]`)
    .getByRole('button', { name: /^Nueva cita el / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Crear nueva cita' });
  await expect(dialog.getByLabel('Día de inicio')).toHaveValue(typed(day));
  await dialog.getByLabel('Título *').fill('Cita 1');
  await dialog.getByLabel('Hora de inicio').fill('08:00');
  await dialog.getByLabel('Hora de fin').fill('08:30');
  await dialog.getByRole('button', { name: 'Crear cita' }).click();
  await expect(dialog).toBeHidden();
  for (let i = 2; i <= 5; i += 1) {
    const res = await page.request.post('/api/calendario/eventos', {
      data: { titulo: `Cita ${i}`, inicio: `${day}T${String(8 + i).padStart(2, '0')}:00:00-06:00`, fin: `${day}T${String(8 + i).padStart(2, '0')}:30:00-06:00` },
    });
    expect(res.status()).toBe(201);
  }
  await page.reload();
  const cell = page.locator(`[data-testid="month-cell"][data-day="${day}"]`);
  await expect(cell.getByTestId('event-chip')).toHaveCount(3);
  await cell.getByRole('button', { name: /^\+2 más/ }).click();
  const dayDialog = page.getByRole('dialog');
  await expect(dayDialog.getByTestId('day-events').getByRole('listitem')).toHaveCount(5);
  await expectAccessible(page);
  await dayDialog.getByRole('button', { name: /Cita 5/ }).click();
  await expect(page.getByRole('dialog', { name: 'Editar cita' })).toBeVisible();
});

test('el aviso en pantalla de una cita próxima aparece mientras Bufete está abierto', async ({ page }) => {
  await registerThroughForm(page);
  const soon = new Date(Date.now() + 5 * 60_000);
  const res = await page.request.post('/api/calendario/eventos', {
    data: { titulo: 'Llamada con el perito', ubicacion: 'Despacho', inicio: soon.toISOString(), fin: new Date(soon.getTime() + 30 * 60_000).toISOString(), recordatorio_popup: 10 },
  });
  expect(res.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByText('Próxima cita: Llamada con el perito')).toBeVisible();
  await expect(page.getByText(/Empieza a las \d{2}:\d{2} en Despacho/)).toBeVisible();
  // Once: another page does not show it again.
  await page.goto('/casos');
  await expect(page.getByRole('heading', { level: 1, name: 'Casos' })).toBeVisible();
  await expect(page.getByText('Próxima cita: Llamada con el perito')).toHaveCount(0);
});

test('Google Calendar: conectar, volver del callback, sincronizar una cita creada en Google y desconectar', async ({ page }) => {
  await registerThroughForm(page);
  // Errors of the callback first, as Google or a stale link could produce them.
  await page.goto('/calendar/callback?error=access_denied&state=x');
  await expect(page.getByText('Error en la autorización: acceso denegado')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Ir al calendario' })).toHaveAttribute('href', '/calendario');
  await expect(page.getByRole('link', { name: 'Diagnóstico' })).toHaveAttribute('href', '/google-calendar-diagnostic');
  await expectAccessible(page);
  await page.goto('/calendar/callback?state=x');
  await expect(page.getByText('No se recibió el código de autorización')).toBeVisible();
  await page.goto('/calendar/callback?code=abc');
  await expect(page.getByText('Parámetros de autorización no encontrados')).toBeVisible();
  await page.goto('/calendar/callback?code=abc&state=forjado');
  await expect(page.getByText('La autorización de Google no corresponde a esta sesión o ya se usó.', { exact: false })).toBeVisible();

  // The lawyer refuses at Google.
  await page.request.post(`${FAKE_GOOGLE}/__control/deny?error=access_denied`);
  await openCalendar(page);
  await page.getByRole('button', { name: 'Conectar con Google Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar\/callback\?error=access_denied/);
  await expect(page.getByText('Error en la autorización: acceso denegado')).toBeVisible();

  // And accepts.
  await openCalendar(page);
  await page.getByRole('button', { name: 'Conectar con Google Calendar' }).click();
  await expect(page.getByText('¡Google Calendar conectado exitosamente!')).toBeVisible();
  await expect(page).toHaveURL(/\/calendario$/);
  await expect(page.getByTestId('google-sync-card')).toContainText('Google Calendar conectado');
  await expect(page.getByRole('button', { name: 'Desconectar' })).toBeVisible();

  // An event the lawyer created in Google itself.
  const inicio = `${addDays(today(), 1)}T16:00:00-06:00`;
  const created = await page.request.post(`${FAKE_GOOGLE}/__control/events`, {
    data: { summary: 'Junta creada en Google', start: { dateTime: inicio }, end: { dateTime: `${addDays(today(), 1)}T17:00:00-06:00` } },
  });
  expect(created.status()).toBe(200);
  await page.getByRole('button', { name: 'Sincronizar' }).first().click();
  await expect(page.getByText(/^Sincronizado: 1 cita recibida de Google/)).toBeVisible();
  await expect(page.getByTestId('upcoming-events')).toContainText('Junta creada en Google');
  await expectAccessible(page);

  // The diagnostic, all green and no secret.
  await page.goto('/google-calendar-diagnostic');
  const checks = page.getByTestId('calendar-diagnostic').getByRole('listitem');
  await expect(checks.filter({ hasText: 'Estado de la conexión' })).toHaveAttribute('data-status', 'success');
  await expect(checks.filter({ hasText: 'Prueba de renovación del token' })).toHaveAttribute('data-status', 'success');
  await expect(checks.filter({ hasText: 'Datos OAuth guardados' })).toHaveAttribute('data-status', 'success');
  await expect(page.getByText('fake-client-secret')).toHaveCount(0);
  await expectAccessible(page);

  // Disconnect: what came from Google leaves, the card to connect comes back.
  await openCalendar(page);
  await page.getByRole('button', { name: 'Desconectar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desconectar' }).click();
  await expect(page.getByText('Google Calendar desconectado correctamente')).toBeVisible();
  await expect(page.getByTestId('google-connect-card')).toBeVisible();
  await expect(page.getByText('Junta creada en Google')).toHaveCount(0);
});

test('el caso muestra sus próximas citas y al borrarlo avisa que se conservan', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Juicio sucesorio');
  await expect(page.getByText('No hay citas próximas para este caso.')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear nueva cita' });
  await expect(dialog.getByLabel('Caso').locator('option:checked')).toHaveText('Juicio sucesorio');
  await dialog.getByLabel('Título *').fill('Lectura del testamento');
  await dialog.getByLabel('Día de inicio').fill(typed(addDays(today(), 5)));
  await dialog.getByLabel('Día de fin').fill(typed(addDays(today(), 5)));
  await dialog.getByLabel('Hora de inicio').fill('12:00');
  await dialog.getByLabel('Hora de fin').fill('13:00');
  await dialog.getByRole('button', { name: 'Crear cita' }).click();
  await expect(page.getByTestId('case-appointments')).toContainText('Lectura del testamento');
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Sus citas del calendario se conservarán, sin el vínculo al caso.');
});

test.describe('en el móvil', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Lista, Semana y Mes caben en 390 px; un día del mes abre sus citas', async ({ page }) => {
    await registerThroughForm(page);
    const day = addDays(today(), 2);
    const res = await page.request.post('/api/calendario/eventos', { data: { titulo: 'Audiencia en el móvil', inicio: `${day}T10:00:00-06:00`, fin: `${day}T11:00:00-06:00` } });
    expect(res.status()).toBe(201);
    await openCalendar(page);
    await expectFitsThePhone(page, '/calendario (Lista)');
    await showPeriodOf(page, 'Semana', day);
    await expect(page.getByTestId('week-view').getByRole('button', { name: /Audiencia en el móvil/ })).toBeVisible();
    await expectFitsThePhone(page, '/calendario (Semana)');
    await showPeriodOf(page, 'Mes', day);
    await expectFitsThePhone(page, '/calendario (Mes)');
    await page.getByRole('button', { name: /: 1 cita$/ }).click();
    await expect(page.getByRole('dialog').getByTestId('day-events')).toContainText('Audiencia en el móvil');
  });

  test('las próximas citas del caso se leen enteras en 390 px', async ({ page }) => {
    await registerThroughForm(page);
    await createCaseThroughForm(page, 'Juicio ordinario mercantil');
    await page.getByRole('button', { name: 'Nueva cita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear nueva cita' });
    const titulo = 'Audiencia de desahogo de pruebas testimoniales y confesionales';
    await dialog.getByLabel('Título *').fill(titulo);
    await dialog.getByLabel('Día de inicio').fill(typed(addDays(today(), 3)));
    await dialog.getByLabel('Hora de inicio').fill('10:00');
    await dialog.getByRole('button', { name: 'Crear cita' }).click();
    await expect(dialog).toBeHidden();
    // The whole title, wrapped under its day: never 'Audiencia de…'.
    const line = page.getByTestId('case-appointments').getByText(titulo, { exact: true });
    await expect(line).toBeVisible();
    expect(await line.evaluate((element) => element.scrollWidth <= element.clientWidth && getComputedStyle(element).textOverflow !== 'ellipsis')).toBe(true);
    await expectFitsThePhone(page, 'el caso con sus próximas citas');
  });
});

test.describe('un abogado en Tijuana', () => {
  test.use({ timezoneId: 'America/Tijuana' });

  test('la cuenta nueva toma la zona horaria del navegador y el diálogo de la cita dice cuál usa', async ({ page }) => {
    await registerThroughForm(page);
    await page.goto('/configuracion');
    await page.getByRole('tab', { name: 'Preferencias' }).click();
    await expect(page.getByLabel('Zona horaria')).toHaveValue('America/Tijuana');
    await page.goto('/calendario');
    await page.getByRole('button', { name: 'Nueva Cita', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear nueva cita' });
    await expect(dialog.getByTestId('event-time-zone')).toContainText('Noroeste (Baja California)');
  });
});

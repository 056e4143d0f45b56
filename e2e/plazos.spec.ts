import { addDays, todayIn } from '@bufete/shared/dates';
import { CALENDARIOS_PRESET, calcularPlazo, diasInhabilesPreset } from '@bufete/shared/plazos';
import type { Page } from '@playwright/test';
import { createCaseThroughForm, expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

/** How many months back from this month to reach `month` (YYYY-MM), for 'Anterior'. */
function monthsBack(month: string) {
  const [year, current] = todayIn('America/Mexico_City').split('-').map(Number) as [number, number];
  const [targetYear, target] = month.split('-').map(Number) as [number, number];
  return (year - targetYear) * 12 + (current - target);
}

async function calculateFromTheCase(page: Page) {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Amparo contra la clausura del local');
  await page.getByRole('button', { name: 'Calcular plazo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Calcular plazo' });
  await expect(dialog.getByLabel('Calendario', { exact: true })).toHaveValue(/.+/);
  await expect(dialog.getByLabel('Calendario', { exact: true }).locator('option:checked')).toHaveText('Amparo y tribunales federales');
  // The notification took effect on Friday 4 September 2026: 15 días hábiles, across 14 and 16 September.
  await dialog.getByLabel('La notificación surtió efectos el').fill('04/09/2026');
  await dialog.getByLabel('Número de días').fill('15');
  await expect(dialog.getByLabel('Tipo de días')).toHaveValue('habiles');
  await dialog.getByRole('button', { name: 'Calcular', exact: true }).click();
  await expect(dialog.getByTestId('plazo-vence')).toHaveText('Vence el 29 de septiembre de 2026');
  return dialog;
}

test('calcular un plazo de 15 días hábiles desde un caso, leer la cuenta día por día y agendarlo', async ({ page }) => {
  const dialog = await calculateFromTheCase(page);
  // The count shows its work: the rule for the first day, and each day skipped with its basis.
  await expect(dialog.getByText('a partir del día siguiente a aquel en que surtió efectos la notificación', { exact: false })).toBeVisible();
  const days = dialog.getByRole('list', { name: 'Cuenta día por día' });
  await expect(days.getByRole('listitem').filter({ hasText: 'No hábil: Día de la Independencia' })).toContainText('Ley de Amparo, art. 19');
  await expect(days.getByRole('listitem').filter({ hasText: 'No hábil: Día de la Charrería' })).toBeVisible();
  await expect(days.getByRole('listitem').filter({ hasText: 'Día 15' })).toContainText('Vence');
  await expectAccessible(page);

  // Description left blank, as most lawyers will: the default one is used.
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Plazo agendado en el calendario: vence el 29 de septiembre de 2026')).toBeVisible();
  await expect(dialog).toBeHidden();

  // On the calendar's month view, on its day.
  await page.goto('/calendario');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await page.getByRole('group', { name: 'Vista del calendario' }).getByRole('button', { name: 'Mes' }).click();
  for (let i = monthsBack('2026-09'); i > 0; i -= 1) await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.locator('[data-testid="month-cell"][data-day="2026-09-29"]').getByTestId('event-chip')).toContainText('Vence plazo: Plazo de 15 días hábiles');
  await expect(page.locator('[data-testid="month-cell"][data-day="2026-09-24"]').getByTestId('event-chip')).toContainText('Faltan 3 días hábiles');
});

const typed = (day: string) => day.split('-').reverse().join('/');
const longDay = (day: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

test('un día inhábil nuevo en el calendario del juzgado mueve un plazo agendado, y Bufete ofrece moverlo', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Juicio ordinario civil');
  await page.getByRole('button', { name: 'Calcular plazo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Calcular plazo' });
  // The court's own calendar, made from the amparo preset.
  await dialog.getByRole('button', { name: 'Mis calendarios y días inhábiles' }).click();
  await dialog.getByLabel('Nombre (el juzgado o tribunal)').fill('Juzgado 1.º Civil');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByLabel('Calendario', { exact: true }).locator('option:checked')).toHaveText('Juzgado 1.º Civil (propio)');
  // A notification ten days from now, 5 días hábiles (still pending, so a change can move it).
  const notificacion = addDays(todayIn('America/Mexico_City'), 10);
  const year = Number(notificacion.slice(0, 4));
  const expected = (extra: string[]) =>
    calcularPlazo({
      notificacion,
      dias: 5,
      tipo: 'habiles',
      inhabiles: [year, year + 1]
        .flatMap((y) => diasInhabilesPreset('amparo', y))
        .concat(extra.map((fecha) => ({ fecha, motivo: 'x', fundamento: null, tipo: 'suspension', verificado: true }))),
      finesDeSemana: CALENDARIOS_PRESET.amparo.finesDeSemana,
      fundamentoInicio: CALENDARIOS_PRESET.amparo.inicio,
    });
  const before = expected([]);
  await dialog.getByLabel('La notificación surtió efectos el').fill(typed(notificacion));
  await dialog.getByLabel('Número de días').fill('5');
  await dialog.getByRole('button', { name: 'Calcular', exact: true }).click();
  await expect(dialog.getByTestId('plazo-vence')).toHaveText(`Vence el ${longDay(before.vence)}`);
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(dialog).toBeHidden();

  // Later the court announces it will not work on the plazo's first working day.
  const closed = before.dias.find((day) => day.numero === 1)!.fecha;
  const after = expected([closed]);
  await page.getByRole('button', { name: 'Calcular plazo' }).click();
  await dialog.getByLabel('Calendario', { exact: true }).selectOption({ label: 'Juzgado 1.º Civil (propio)' });
  await dialog.getByRole('button', { name: 'Mis calendarios y días inhábiles' }).click();
  await dialog.getByLabel('Fecha', { exact: true }).fill(typed(closed));
  await dialog.getByLabel('Motivo').fill('Suspensión de labores por acuerdo del juzgado');
  await dialog.getByRole('button', { name: 'Agregar día' }).click();
  const notice = dialog.getByRole('status').filter({ hasText: 'Este día mueve un plazo agendado' });
  await expect(notice).toContainText(`vencía el ${longDay(before.vence)}; ahora vence el ${longDay(after.vence)}`);
  await expectAccessible(page);
  await notice.getByRole('button', { name: `Mover al ${longDay(after.vence)}` }).click();
  await expect(page.getByText(`«Plazo de 5 días hábiles» ahora vence el ${longDay(after.vence)}`)).toBeVisible();
  await expect(notice).toBeHidden();
});

test.describe('en el móvil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('el cálculo del plazo cabe en la pantalla del teléfono', async ({ page }) => {
    const dialog = await calculateFromTheCase(page);
    const days = dialog.getByRole('list', { name: 'Cuenta día por día' });
    await expect(days).toBeVisible();
    await expectFitsThePhone(page, 'Calcular plazo');
    // The dialog and its day-by-day list fit the screen: nothing scrolls sideways.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await days.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    await expectAccessible(page);
  });
});

test('el calendario propuesto sigue la materia del caso (y el estado que el abogado usa); plazos y audiencias llegan a «Próximos vencimientos»', async ({ page }) => {
  await registerThroughForm(page);
  const newCase = async (titulo: string, materia: string) => {
    await page.goto('/casos/nuevo');
    await page.getByLabel('Título del caso *').fill(titulo);
    await page.getByLabel('Materia').selectOption(materia);
    await page.getByRole('button', { name: 'Crear Caso' }).click();
    await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
  };
  const openCalculator = async () => {
    await page.getByRole('button', { name: 'Calcular plazo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calcular plazo' });
    await expect(dialog.getByLabel('Calendario', { exact: true })).toHaveValue(/.+/);
    return dialog;
  };

  await newCase('Despido injustificado', 'laboral');
  let dialog = await openCalculator();
  await expect(dialog.getByLabel('Calendario', { exact: true }).locator('option:checked')).toHaveText('Materia laboral');
  await expect(dialog.getByText('Propuesto por la materia del caso (laboral).')).toBeVisible();
  await page.keyboard.press('Escape');

  // A family matter: the state courts, Mexico City until the lawyer works elsewhere.
  await newCase('Divorcio incausado', 'familiar');
  dialog = await openCalculator();
  await expect(dialog.getByLabel('Calendario', { exact: true }).locator('option:checked')).toHaveText(CALENDARIOS_PRESET.cdmx.nombre);
  await dialog.getByLabel('Calendario', { exact: true }).selectOption({ label: CALENDARIOS_PRESET.jalisco.nombre });
  await dialog.getByLabel('Número de días').fill('9');
  await dialog.getByRole('button', { name: 'Calcular', exact: true }).click();
  await expect(dialog.getByTestId('plazo-vence')).toBeVisible();
  // A state's days come from its judiciary's yearly calendar: the screen asks to confirm them when the count meets one.
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await newCase('Juicio ejecutivo mercantil', 'mercantil');
  dialog = await openCalculator();
  await expect(dialog.getByLabel('Calendario', { exact: true }).locator('option:checked')).toHaveText(CALENDARIOS_PRESET.jalisco.nombre);
  // Across the winter recess: the law cited is the Código de Comercio's, and the warning names the days it
  // took as inhábiles and Jalisco's judiciary, which fixes them (not the federal one).
  await dialog.getByLabel('La notificación surtió efectos el').fill('10/12/2026');
  await dialog.getByLabel('Número de días').fill('5');
  await dialog.getByRole('button', { name: 'Calcular', exact: true }).click();
  const result = dialog.getByRole('region', { name: 'Resultado del plazo' });
  await expect(result).toContainText('Código de Comercio, art. 1075');
  await expect(result).not.toContainText('Procedimientos Civiles');
  const warning = result.getByRole('status').filter({ hasText: 'inhábil' });
  await expect(warning).toContainText('Se tomaron como inhábiles');
  await expect(warning).toContainText('las fija cada año el Poder Judicial del Estado de Jalisco');
  await expect(warning).not.toContainText('Federal');
  await expect(warning).not.toContainText('sáb');
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(dialog).toBeHidden();

  // A hearing, marked as such in the appointment dialog.
  const tomorrow = addDays(todayIn('America/Mexico_City'), 1);
  await page.goto('/calendario');
  await page.getByRole('button', { name: 'Nueva Cita', exact: true }).click();
  const cita = page.getByRole('dialog', { name: 'Crear nueva cita' });
  await cita.getByLabel('Título *').fill('Audiencia de desahogo de pruebas');
  await cita.getByLabel('Día de inicio').fill(typed(tomorrow));
  await cita.getByLabel('Hora de inicio').fill('10:30');
  await cita.getByLabel('Día de fin').fill(typed(tomorrow));
  await cita.getByLabel('Hora de fin').fill('12:00');
  await cita.getByLabel(/Es una audiencia/).check();
  await cita.getByLabel('Caso').selectOption({ label: 'Juicio ejecutivo mercantil' });
  await cita.getByRole('button', { name: 'Crear cita' }).click();
  await expect(cita).toBeHidden();

  await page.goto('/dashboard');
  const due = page.getByTestId('due-item');
  await expect(due.filter({ hasText: 'Audiencia de desahogo de pruebas' })).toContainText('Audiencia · Juicio ejecutivo mercantil');
  await expect(due.filter({ hasText: 'Audiencia de desahogo de pruebas' })).toContainText('10:30');
  await expect(due.filter({ hasText: 'Plazo de 5 días hábiles' })).toContainText('Plazo agendado · Juicio ejecutivo mercantil');
  await expectAccessible(page);
});

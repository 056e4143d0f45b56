import { todayIn } from '@bufete/shared/dates';
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

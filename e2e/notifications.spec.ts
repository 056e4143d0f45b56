import { wallClockIn } from '@bufete/shared/dates';
import { createClientThroughForm, expect, expectAccessible, registerThroughForm, test } from './support';

test('la campana: un correo programado que sale aparece sin recargar, abre su cliente y al leerlo baja la cuenta; el resumen diario se activa en Preferencias', async ({
  page,
}) => {
  // The email waits for its minute, the queue's poll and the bell's: up to ~2 minutes.
  test.setTimeout(180_000);
  await registerThroughForm(page);
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName('Notificaciones');
  await bell.click();
  await expect(page.getByText('No tienes notificaciones.')).toBeVisible();
  await page.keyboard.press('Escape');

  await createClientThroughForm(page, { nombre: 'Raúl Campos', email: 'raul@campos.mx' });
  await page.getByRole('button', { name: 'Enviar email a Raúl Campos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar email a Raúl Campos' });
  // The next minute on the lawyer's clock: a scheduled email, sent by the queue.
  const next = wallClockIn(new Date(Math.floor((Date.now() + 61_000) / 60_000) * 60_000), 'America/Mexico_City');
  await dialog.getByLabel('Asunto').fill('Audiencia confirmada');
  await dialog.getByLabel('Mensaje').fill('Le espero a las 9:00 en el juzgado.');
  await dialog.getByLabel('Día').fill(next.day.split('-').reverse().join('/'));
  await dialog.getByLabel('Hora').fill(next.time);
  await dialog.getByRole('button', { name: 'Programar envío' }).click();
  await expect(page.getByText('Recordatorio programado correctamente')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/dashboard');

  await expect(bell).toHaveAccessibleName('Notificaciones 1 sin leer', { timeout: 150_000 });
  await expect(page.getByTestId('notifications-count')).toHaveText('1 sin leer');
  await bell.click();
  const item = page.getByRole('menuitem', { name: /Correo enviado: Audiencia confirmada/ });
  await expect(item).toContainText('Para raul@campos.mx');
  await expectAccessible(page);
  await item.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Raúl Campos' })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificaciones');
  await expect(page.getByTestId('notifications-count')).toHaveCount(0);

  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Preferencias' }).click();
  const summary = page.getByRole('checkbox', { name: 'Resumen diario' });
  await expect(summary).not.toBeChecked();
  await summary.check();
  await expect(page.getByText('Recibirás cada mañana el resumen de tu día.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Preferencias' }).click();
  await expect(page.getByRole('checkbox', { name: 'Resumen diario' })).toBeChecked();
});

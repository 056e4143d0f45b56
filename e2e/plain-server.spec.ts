import { PLAIN_PORT } from '../playwright.config';
import { expect, expectAccessible, registerThroughForm, test } from './support';

/**
 * A firm that has enabled neither Google Calendar nor a language model: the
 * lawyer reads one plain line where each would be, the controls are off, and
 * no operator's word (settings, tables, columns) ever reaches the screen.
 */
test.use({ baseURL: `http://127.0.0.1:${PLAIN_PORT}` });

const OPERATOR_WORDS = /GOOGLE_CLIENT|AI_PROVIDER|AI_MODEL|README|profiles|avatar_url|DATA_DIR|S3_|administrador del servidor/;

test('sin Google ni modelo: el calendario sin invitación a Google, una línea clara en Integraciones, el asistente no gasta consultas', async ({ page }) => {
  await registerThroughForm(page);

  // Nothing to connect: the calendar opens without an invitation whose only button could not work.
  await page.goto('/calendario');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nueva Cita', exact: true })).toBeVisible();
  await expect(page.getByTestId('google-connect-card')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(OPERATOR_WORDS);
  await expectAccessible(page);

  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Integraciones' }).click();
  const google = page.getByTestId('integration-google');
  await expect(google).toContainText('Tu despacho aún no activó Google Calendar.');
  await expect(google.getByRole('button', { name: 'Conectar' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Perfil' }).click();
  await page.getByRole('button', { name: 'Configurar Sistema' }).click();
  await expect(page.getByTestId('system-checks')).toContainText('Tu perfil está listo para guardar tu foto.');
  await expect(page.locator('body')).not.toContainText(OPERATOR_WORDS);

  await page.goto('/ai-assistant');
  await expect(page.getByTestId('no-model')).toHaveText(
    'Tu despacho aún no activó un modelo de lenguaje: el asistente te muestra los pasajes de tu material que mejor contestan, sin gastar tus consultas del día.',
  );
  await expect(page.getByText('Redacción asistida de escritos')).toHaveCount(0);
  await expect(page.getByText('Estrategias para tus casos')).toHaveCount(0);
  await page.getByRole('button', { name: 'Consultas sugeridas' }).click();
  await expect(page.getByText('Redacción', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Análisis', { exact: true })).toBeVisible();
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 50');
  await page.getByLabel('Tu consulta').fill('¿Qué plazo tengo para contestar?');
  await page.getByLabel('Tu consulta').press('Enter');
  await expect(page.getByTestId('assistant-message').last().getByTestId('context-used')).toBeVisible();
  await expect(page.getByTestId('assistant-message').last()).toContainText('Tu despacho aún no activó un modelo de lenguaje');
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 50');
  await expect(page.locator('body')).not.toContainText(OPERATOR_WORDS);
  await expectAccessible(page);
});

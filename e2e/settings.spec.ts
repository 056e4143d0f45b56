import path from 'node:path';
import sharp from 'sharp';
import { registerThroughForm, expect, expectAccessible, PASSWORD, signIn, test, uniqueEmail } from './support';

test('editar el perfil cambia la barra lateral y el menú al momento', async ({ page }) => {
  await registerThroughForm(page, { nombre: 'Tomás', apellido: 'Lara', especialidad: '' });
  await page.goto('/configuracion');
  await expect(page.getByTestId('sidebar-user')).toContainText('Tomás Lara');
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expectAccessible(page);
  await page.getByLabel('Nombre').fill('T');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('El nombre debe tener al menos 2 caracteres')).toBeVisible();
  await page.getByLabel('Nombre').fill('Tomasa');
  await page.getByLabel('Especialidad').fill('Derecho Fiscal');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Perfil actualizado correctamente')).toBeVisible();
  await expect(page.getByTestId('sidebar-user')).toContainText('Tomasa Lara');
  await expect(page.getByTestId('sidebar-user')).toContainText('Derecho Fiscal');
  const avatar = page.getByRole('button', { name: /Menú de usuario/ });
  await avatar.click();
  await expect(page.getByRole('menu')).toContainText('Tomasa Lara');
  await page.keyboard.press('Escape');
  // The menu hands the focus back to its button (a moment later): only then does the person type elsewhere.
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(avatar).toBeFocused();

  // Optional fields emptied again: saved as none, and the sidebar falls back to 'Abogado'.
  await page.getByLabel('Especialidad').fill('');
  await page.getByLabel('Teléfono').fill('');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Perfil actualizado correctamente').last()).toBeVisible();
  await expect(page.getByTestId('sidebar-user')).toContainText('Abogado');
  await page.reload();
  await expect(page.getByLabel('Especialidad')).toHaveValue('');
});

test('subir una foto, recortarla y verla en la barra lateral', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/configuracion');
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  await page.getByTestId('avatar-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: photo });
  const dialog = page.getByRole('dialog', { name: 'Recortar foto de perfil' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('crop-size')).toHaveText('300×300 px');
  await expectAccessible(page);
  const box = dialog.getByTestId('crop-box');
  await box.focus();
  await page.keyboard.press('Minus');
  await page.keyboard.press('Shift+Minus');
  await expect(dialog.getByTestId('crop-size')).toHaveText('289×289 px');
  await page.keyboard.press('Alt+ArrowRight');
  await dialog.getByRole('button', { name: 'Centrar' }).click();
  await expect(dialog.getByTestId('crop-size')).toHaveText('300×300 px');
  await dialog.getByRole('button', { name: 'Aplicar recorte' }).click();
  await expect(page.getByText('Foto de perfil actualizada correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  const sidebarPhoto = page.getByTestId('sidebar-user').locator('img');
  await expect(sidebarPhoto).toHaveAttribute('src', /\/api\/profile\/avatar\?v=\d+/);
  await expect.poll(() => sidebarPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await expect(page.getByTestId('settings-avatar').locator('img')).toBeVisible();

  await page.getByTestId('avatar-input').setInputFiles({ name: 'doc.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('❌ Solo se permiten archivos de imagen (PNG, JPG, JPEG, WebP)')).toBeVisible();
});

test('cambiar la contraseña y entrar con la nueva', async ({ page }) => {
  const { email } = await registerThroughForm(page);
  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await expectAccessible(page);
  await page.getByLabel('Contraseña actual').fill('equivocada');
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('nueva-clave-9');
  await page.getByLabel('Confirmar nueva contraseña').fill('nueva-clave-9');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('La contraseña actual no es correcta')).toBeVisible();
  await page.getByLabel('Contraseña actual').fill(PASSWORD);
  // Long but common: refused by the server, on its field.
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('qwertyuiop12');
  await page.getByLabel('Confirmar nueva contraseña').fill('qwertyuiop12');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('Esa contraseña es de las más usadas y fácil de adivinar: elige otra')).toBeVisible();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('nueva-clave-9');
  await page.getByLabel('Confirmar nueva contraseña').fill('otra');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar nueva contraseña').fill('nueva-clave-9');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada correctamente')).toBeVisible();

  await page.getByRole('button', { name: /Menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, 'nueva-clave-9');
});

test('las páginas de diagnóstico pasan todas sus pruebas', async ({ page }) => {
  for (const path of ['/test-auth', '/test-email']) {
    await page.goto(path);
    await page.getByLabel('Email para las pruebas').fill(uniqueEmail('diagnostico'));
    await page.getByRole('button', { name: 'Ejecutar pruebas' }).click();
    const log = page.getByTestId('diagnostic-log');
    await expect(log.locator('li[data-status]').first()).toBeVisible({ timeout: 15_000 });
    await expect(log.locator('li[data-status="error"]')).toHaveCount(0);
    await expect(log.locator('li[data-status="success"]')).toHaveCount(path === '/test-auth' ? 7 : 5);
    // The mail queue's own check: nothing failed to deliver in the last day.
    await expect(log.locator('li[data-status="success"]').filter({ hasText: 'Correos sin entregar' })).toHaveCount(1);
    await expectAccessible(page);
  }
});

test('el CSD del SAT: se pide el RFC, una contraseña equivocada se dice en español, se guarda, se ve su vigencia y se quita', async ({ page }) => {
  const csd = (ext: string) => path.resolve(import.meta.dirname, `../apps/server/test/fixtures/cfdi/csd/EKU9003173C9.${ext}`);
  await registerThroughForm(page);
  await page.goto('/configuracion');
  const card = page.getByTestId('csd-card');
  // Without an RFC in Datos fiscales, the CSD cannot be checked against it.
  await card.getByLabel('Certificado (.cer)').setInputFiles(csd('cer'));
  await card.getByLabel('Llave privada (.key)').setInputFiles(csd('key'));
  await card.getByLabel('Contraseña de la llave privada').fill('12345678a');
  await card.getByRole('button', { name: 'Guardar CSD' }).click();
  await expect(card.getByText('Primero escribe tu RFC en Datos fiscales')).toBeVisible();

  await page.getByLabel('RFC').fill('EKU9003173C9');
  await page.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(page.getByText('Datos fiscales guardados')).toBeVisible();

  await card.getByLabel('Contraseña de la llave privada').fill('otra');
  await card.getByRole('button', { name: 'Guardar CSD' }).click();
  await expect(card.getByText('La contraseña de la llave privada no es correcta')).toBeVisible();
  await expect(card.getByLabel('Contraseña de la llave privada')).toHaveAttribute('aria-invalid', 'true');

  await card.getByLabel('Contraseña de la llave privada').fill('12345678a');
  await card.getByRole('button', { name: 'Guardar CSD' }).click();
  await expect(card.getByText('ESCUELA KEMPER URGATE SA DE CV')).toBeVisible();
  await expect(card.getByText('30001000000500003416')).toBeVisible();
  await expect(card.getByTestId('csd-vigencia')).toHaveText(/Del 18 de mayo de 2023 al 18 de mayo de 2027/);
  await expectAccessible(page);

  // Still there after a reload; removed after asking.
  await page.reload();
  await expect(card.getByText('30001000000500003416')).toBeVisible();
  await card.getByRole('button', { name: 'Quitar CSD' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Quitar' }).click();
  await expect(card.getByRole('button', { name: 'Guardar CSD' })).toBeVisible();
});

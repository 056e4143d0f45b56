import { createCaseThroughForm, emailLink, expect, expectAccessible, expectFitsThePhone, PASSWORD, registerThroughForm, test, uniqueEmail } from './support';

const VIEWPORTS = [
  { name: 'escritorio', viewport: { width: 1280, height: 800 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test(`equipo (${name}): la titular invita a una asistente, que crea su cuenta con el enlace, ve el despacho según su rol, y al quitarla su siguiente clic cierra su sesión`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    await registerThroughForm(page, { nombre: 'Mariana', apellido: 'Robles Vega' });
    await createCaseThroughForm(page, 'Divorcio incausado 88/2026');

    // Configuración → Equipo: the invitation, with the optional box left as it comes.
    await page.goto('/configuracion?tab=equipo');
    const invite = page.getByTestId('team-invite');
    const email = uniqueEmail('asistente');
    await invite.getByLabel('Correo electrónico').fill(email);
    await invite.getByLabel('Rol').selectOption({ label: 'Asistente' });
    await invite.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(page.getByText(`Enviamos la invitación a ${email}. Vence en 7 días.`)).toBeVisible();
    await expect(page.getByTestId('team-invitation').filter({ hasText: email })).toContainText('Pendiente');
    await expect(page.getByTestId('team-roles')).toContainText('Facturación y CFDI');
    if (viewport.width < 640) await expectFitsThePhone(page, '/configuracion?tab=equipo');
    else await expectAccessible(page);
    // The same address again: said in Spanish, on its field.
    await invite.getByLabel('Correo electrónico').fill(email);
    await invite.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(invite.getByText(`Ya hay una invitación pendiente para ${email}. Cancélala para enviar otra.`)).toBeVisible();

    // The invitee, in their own browser: the emailed link, then an account of their own through /register.
    const context = await browser.newContext({ viewport });
    const ana = await context.newPage();
    await ana.goto(await emailLink(email, /te invita a su despacho/, '/invitacion'));
    await expect(ana.getByText('Te invitan a trabajar en Despacho de Mariana Robles Vega como Asistente.')).toBeVisible();
    await expectAccessible(ana);
    await ana.getByRole('link', { name: 'Crear mi cuenta' }).click();
    await expect(ana).toHaveURL(/\/register$/);
    await ana.getByLabel('Nombre').fill('Ana');
    await ana.getByLabel('Apellido').fill('Reyes');
    await ana.getByLabel('Email').fill(email);
    await ana.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await ana.getByLabel('Confirmar contraseña').fill(PASSWORD);
    await ana.getByRole('button', { name: 'Crear Cuenta' }).click();
    await expect(ana).toHaveURL(/\/confirm-email$/);
    await ana.goto(await emailLink(email, /Confirma/, '/confirm-email'));
    await ana.getByRole('button', { name: 'Ir al Dashboard' }).click();
    // Signed in, the app brings her back to the invitation she opened.
    await expect(ana).toHaveURL(/\/invitacion/);
    await ana.getByRole('button', { name: 'Unirme al despacho' }).click();
    await expect(ana).toHaveURL(/\/dashboard$/);

    // In the despacho: its cases; nothing her role does not reach, in the menu or by address.
    await ana.goto('/casos');
    await expect(ana.getByText('Divorcio incausado 88/2026').first()).toBeVisible();
    if (viewport.width < 1024) await ana.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = ana.getByRole('navigation', { name: 'Secciones' });
    await expect(menu.getByRole('link', { name: 'Clientes' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Facturación' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Notas' })).toHaveCount(0);
    // Her own despacho is one click away: in the top bar, or in the menu on a phone.
    const switcher = ana.getByTestId(viewport.width < 640 ? 'despacho-switcher-menu' : 'despacho-switcher');
    await switcher.click();
    await expect(ana.getByRole('list', { name: 'Tus despachos' })).toContainText('Despacho de Ana Reyes');
    await switcher.click();
    if (viewport.width < 1024) await ana.keyboard.press('Escape');
    await ana.goto('/notas');
    await expect(ana.getByText('Tu rol en este despacho no permite usar notas. Pídeselo al titular.').first()).toBeVisible();

    // The titular removes her: the next click ends her session there.
    await page.goto('/configuracion?tab=equipo');
    const row = page.getByTestId('team-member').filter({ hasText: email });
    await expect(row).toContainText('Ana Reyes');
    await row.getByRole('button', { name: 'Quitar' }).click();
    await page.getByRole('button', { name: 'Quitar del despacho' }).click();
    await expect(page.getByText('Ana Reyes ya no es parte del despacho. Sus sesiones en él se cerraron.')).toBeVisible();
    await expect(page.getByTestId('team-member')).toHaveCount(1);

    await ana.goto('/casos');
    await expect(ana).toHaveURL(/\/login$/);
    await context.close();
  });
}

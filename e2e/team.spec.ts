import type { Browser, Page } from '@playwright/test';
import { createCaseThroughForm, emailLink, expect, expectAccessible, expectFitsThePhone, registerThroughForm, submitRegisterForm, test, uniqueEmail } from './support';

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
    await submitRegisterForm(ana, { nombre: 'Ana', apellido: 'Reyes', email });
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
    await expect(menu.getByRole('link', { name: 'Notas' })).toBeVisible();
    // Her own despacho is one click away: in the top bar, or in the menu on a phone.
    const switcher = ana.getByTestId(viewport.width < 640 ? 'despacho-switcher-menu' : 'despacho-switcher');
    await switcher.click();
    await expect(ana.getByRole('list', { name: 'Tus despachos' })).toContainText('Despacho de Ana Reyes');
    await switcher.click();
    if (viewport.width < 1024) await ana.keyboard.press('Escape');
    await ana.goto('/facturacion');
    await expect(ana.getByText('Tu rol en este despacho no permite usar facturación y CFDI. Pídeselo al titular.').first()).toBeVisible();

    // The notes are the team's, but for those their author keeps private.
    await page.goto('/notas');
    for (const [titulo, privada] of [
      ['Cronología del divorcio', false],
      ['Honorarios pactados con la clienta', true],
    ] as const) {
      await page.getByRole('button', { name: 'Nueva Nota' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva Nota' });
      await dialog.getByLabel('Título *').fill(titulo);
      if (privada) await dialog.getByLabel('Privada: solo yo puedo leerla').check();
      await dialog.getByRole('button', { name: 'Crear Nota' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(page.getByTestId('note-card').filter({ hasText: 'Honorarios pactados con la clienta' })).toContainText('Privada');
    await ana.goto('/notas');
    await expect(ana.getByText('Cronología del divorcio')).toBeVisible();
    await expect(ana.getByText('Honorarios pactados con la clienta')).toHaveCount(0);

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

/** The invitee, in their own browser: the emailed link, an account of their own through /register, and 'Unirme al despacho'. */
async function joinThroughTheLink(browser: Browser, viewport: { width: number; height: number }, email: string, nombre: string, apellido: string): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(await emailLink(email, /te invita a su despacho/, '/invitacion'));
  await page.getByRole('link', { name: 'Crear mi cuenta' }).click();
  await submitRegisterForm(page, { nombre, apellido, email });
  await page.goto(await emailLink(email, /Confirma/, '/confirm-email'));
  await page.getByRole('button', { name: 'Ir al Dashboard' }).click();
  await expect(page).toHaveURL(/\/invitacion/);
  await page.getByRole('button', { name: 'Unirme al despacho' }).click();
  return page;
}

/**
 * The bell once it has something unread: a notice is written by the
 * background queue (a few seconds), and the bell asks every 30 s, so the page
 * is opened again until it shows.
 */
async function bellWithUnread(page: Page) {
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await expect(async () => {
    await page.reload();
    await expect(bell).toHaveAccessibleName(/sin leer/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return bell;
}

/** A case in court through the new-case form (its other fields blank). */
async function caseInCourt(page: Page, titulo: string, expediente: string) {
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill(titulo);
  await page.getByLabel('Número de expediente').fill(expediente);
  await page.getByLabel('Juzgado o autoridad').fill('Juzgado Quinto de lo Civil');
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
}

const BOLETIN = [
  'BOLETÍN JUDICIAL No. 221',
  'Ciudad de México, viernes 27 de noviembre de 2026',
  'JUZGADOS DE LO CIVIL',
  'QUINTO DE LO CIVIL',
  'SECRETARÍA "A"',
  'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.',
  'INMOBILIARIA DEL VALLE S.A. vs. ROSA MÉNDEZ. Ordinario Civil. Exp. 456/2024.',
].join('\n');

for (const { name, viewport } of VIEWPORTS) {
  test(`pasante (${name}): ve solo el caso que le asignan, confirma un acuerdo del boletín y la titular lo recibe en su campana; al quitarlo su siguiente clic cierra su sesión`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await registerThroughForm(page, { nombre: 'Mariana', apellido: 'Robles Vega' });
    await caseInCourt(page, 'Hipotecario Banco del Centro', '123/2024');
    const suyo = page.url();
    await caseInCourt(page, 'Ordinario Inmobiliaria del Valle', '456/2024');

    await page.goto('/configuracion?tab=equipo');
    const invite = page.getByTestId('team-invite');
    const email = uniqueEmail('pasante');
    await invite.getByLabel('Correo electrónico').fill(email);
    await invite.getByLabel('Rol').selectOption({ label: 'Pasante' });
    // A pasante is never offered money.
    await expect(invite.getByLabel('Puede facturar y timbrar CFDI')).toHaveCount(0);
    await invite.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(page.getByText(`Enviamos la invitación a ${email}. Vence en 7 días.`)).toBeVisible();
    await expect(page.getByTestId('team-roles')).toContainText('Sus casos');

    const pablo = await joinThroughTheLink(browser, viewport, email, 'Pablo', 'Reyes');
    // A pasante's home is their cases; none is theirs yet.
    await expect(pablo).toHaveURL(/\/casos$/);
    await expect(pablo.getByText('Hipotecario Banco del Centro')).toHaveCount(0);

    // The titular assigns one case to him, in the case's edit form.
    await page.goto(suyo);
    await page.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar caso' });
    await dialog.getByRole('checkbox', { name: 'Pablo Reyes' }).check();
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Pablo Reyes')).toBeVisible();
    // And gives him a task on it, from the case's Tareas tab.
    await page.getByRole('tab', { name: 'Tareas' }).click();
    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    const task = page.getByRole('dialog', { name: 'Nueva tarea' });
    await task.getByLabel('Qué hay que hacer *').fill('Revisar el boletín de mañana');
    await task.getByLabel('Asignada a').selectOption({ label: 'Pablo Reyes' });
    await task.getByRole('button', { name: 'Crear tarea' }).click();
    await expect(task).toBeHidden();
    await expect(page.getByText('Para Pablo Reyes')).toBeVisible();

    // The task is in his bell and under 'Mías'.
    await bellWithUnread(pablo);
    await pablo.goto('/tareas');
    await pablo.getByRole('combobox', { name: 'Filtrar por persona' }).selectOption({ label: 'Mías (asignadas a mí)' });
    await expect(pablo.getByText('Revisar el boletín de mañana')).toBeVisible();

    // He sees that case, and only that one; nothing of money, clients or the dashboard in his menu.
    await pablo.goto('/casos');
    await expect(pablo.getByText('Hipotecario Banco del Centro').first()).toBeVisible();
    await expect(pablo.getByText('Ordinario Inmobiliaria del Valle')).toHaveCount(0);
    if (viewport.width < 1024) await pablo.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = pablo.getByRole('navigation', { name: 'Secciones' });
    await expect(menu.getByRole('link', { name: 'Casos' })).toBeVisible();
    for (const hidden of ['Dashboard', 'Clientes', 'Notas', 'Facturación']) await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
    if (viewport.width < 1024) await pablo.keyboard.press('Escape');

    // The morning's bulletin, read against his cases only: the other case's acuerdo is not his to see.
    await pablo.getByRole('link', { name: 'Revisar boletín' }).click();
    await pablo.getByLabel('PDF, página web o texto (hasta 20 MB)').setInputFiles({ name: 'boletin-27-11-2026.txt', mimeType: 'text/plain', buffer: Buffer.from(BOLETIN) });
    await pablo.getByRole('button', { name: 'Revisar archivo' }).click();
    const matches = pablo.getByTestId('coincidencia');
    await expect(matches).toHaveCount(1);
    await expect(matches.first()).toContainText('123/2024');
    if (viewport.width < 640) await expectFitsThePhone(pablo, '/casos/boletin');
    await pablo.getByRole('button', { name: 'Registrar 1 actuación' }).click();
    await expect(pablo.getByText('1 actuación registrada en su caso')).toBeVisible();

    // The titular answers for the case: her bell tells her.
    await (await bellWithUnread(page)).click();
    await page.getByRole('menuitem', { name: /Se confirmó un acuerdo del boletín en el expediente 123\/2024/ }).click();
    await expect(page).toHaveURL(/tab=actuaciones/);
    await expect(page.getByText('BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ').first()).toBeVisible();

    // Removed, his next click ends his session there.
    await page.goto('/configuracion?tab=equipo');
    await page.getByTestId('team-member').filter({ hasText: email }).getByRole('button', { name: 'Quitar' }).click();
    await page.getByRole('button', { name: 'Quitar del despacho' }).click();
    await expect(page.getByText('Pablo Reyes ya no es parte del despacho. Sus sesiones en él se cerraron.')).toBeVisible();
    await pablo.goto('/casos');
    await expect(pablo).toHaveURL(/\/login$/);
    await pablo.context().close();
  });
}

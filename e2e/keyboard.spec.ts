import type { Locator, Page } from '@playwright/test';
import { createCaseThroughForm, createClientThroughForm, expect, expectAccessible, registerThroughForm, test } from './support';

/**
 * By keyboard alone: a skip link, the title after each page change, focus
 * back on whatever opened a dialog, a visible focus ring everywhere.
 */

/** Opens a dialog from `opener`, closes it with Escape, and expects the keyboard back on the opener. */
async function expectFocusReturns(page: Page, opener: Locator, dialogName: string | RegExp, role: 'dialog' | 'alertdialog' = 'dialog') {
  await opener.click();
  const dialog = page.getByRole(role, { name: dialogName });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `el foco vuelve a quien abrió «${dialogName}»`).toBeFocused();
}

/** The focus ring of the focused element: its outline, at least 2 px and not transparent. */
async function expectVisibleFocusRing(locator: Locator) {
  const ring = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  });
  expect(ring.style, JSON.stringify(ring)).not.toBe('none');
  expect(ring.width, JSON.stringify(ring)).toBeGreaterThanOrEqual(2);
  expect(ring.color, JSON.stringify(ring)).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
}

test('saltar al contenido y el título de cada página recibe el foco', async ({ page }) => {
  await registerThroughForm(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // The next Tab goes into the page's content, not back through the menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

  // Every change of page lands on its title.
  for (const [link, title] of [
    ['Casos', 'Casos'],
    ['Clientes', 'Clientes'],
    ['Notas', 'Notas'],
    ['Configuración', 'Configuración'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
  }
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('un Tab pulsado antes de que llegue la app no se pierde: el enlace para saltar al contenido conserva el foco', async ({ page }) => {
  await registerThroughForm(page);
  // The session's answer held back: the page's HTML is all there is, for as long as the test says.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/account/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/casos', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Casos' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  release();
  await expect(page.getByRole('button', { name: /Menú de usuario/ })).toBeVisible();
  await expect(skip).toBeFocused();
});

test('los menús del avatar y de la campana se abren con el teclado aunque su código llegue al pedirlos', async ({ page }) => {
  await registerThroughForm(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The bell: reached and opened with Enter; the menu takes the keyboard, Escape gives it back.
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await bell.focus();
  await expect(bell).toHaveAttribute('aria-haspopup', 'menu');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toContainText('No tienes notificaciones.');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="menu"]'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(bell).toBeFocused();
  // The avatar: opened with ↓, 'Perfil' chosen with the arrows and Enter.
  const avatar = page.getByRole('button', { name: /Menú de usuario/ });
  await avatar.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="menu"]'))).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/configuracion$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
});

test('al cerrar cada diálogo el foco vuelve al control que lo abrió', async ({ page }) => {
  await registerThroughForm(page);
  await createClientThroughForm(page, { nombre: 'Ernesto Salas', email: 'ernesto@salas.mx' });

  // /clientes: new, edit, email, delete.
  await expectFocusReturns(page, page.getByRole('button', { name: 'Nuevo Cliente' }), 'Crear nuevo cliente');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Editar Ernesto Salas' }), 'Editar cliente');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Enviar email a Ernesto Salas' }), 'Enviar email a Ernesto Salas');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Eliminar Ernesto Salas' }), 'Eliminar cliente', 'alertdialog');
  // After saving, too.
  const nuevo = page.getByRole('button', { name: 'Nuevo Cliente' });
  await nuevo.click();
  const create = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await create.getByLabel('Nombre *').fill('Paula Ibarra');
  await create.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(create).toBeHidden();
  await expect(nuevo).toBeFocused();

  // The case page: edit, upload, a note, delete.
  await createCaseThroughForm(page, 'Juicio sucesorio');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Editar', exact: true }), 'Editar caso');
  const editar = page.getByRole('button', { name: 'Editar', exact: true });
  await editar.click();
  await page.getByRole('dialog', { name: 'Editar caso' }).getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar caso' })).toBeHidden();
  await expect(editar).toBeFocused();
  await expectFocusReturns(page, page.getByRole('button', { name: 'Subir Documento' }), 'Subir Documento');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Eliminar', exact: true }), 'Eliminar caso', 'alertdialog');
  await page.getByRole('tab', { name: /Notas/ }).click();
  await expectFocusReturns(page, page.getByRole('button', { name: 'Nueva Nota' }), 'Nueva Nota');

  // The viewer and the note detail, from their cards.
  await page.goto('/documentos');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Ver Guía de inicio de Bufete.pdf' }), 'Guía de inicio de Bufete.pdf');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Probar Extracción' }), 'Probar Extracción');
  await page.goto('/notas');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Ver Primeros pasos con tus notas' }), 'Primeros pasos con tus notas');
  await expectFocusReturns(page, page.getByRole('button', { name: 'Etiquetas' }), /Etiquetas/);

  // Opened by a card on /casos, the edit dialog lives on the case page: closing it lands on the case's title.
  await page.goto('/casos');
  await page.getByRole('button', { name: 'Editar Juicio sucesorio' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar caso' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Juicio sucesorio' })).toBeFocused();
});

test('el anillo de foco se ve en campos, botones y en el panel de una pestaña', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/casos');
  const search = page.getByLabel('Buscar casos por título, cliente, expediente, juzgado o parte');
  await search.focus();
  await expectVisibleFocusRing(search);
  await page.keyboard.press('Tab');
  await expectVisibleFocusRing(page.getByLabel('Filtrar por estado'));

  await page.goto('/casos/ejemplo-demo-caso-001');
  const tab = page.getByRole('tab', { name: /Documentos/ });
  await tab.focus();
  await expectVisibleFocusRing(tab);
  await page.keyboard.press('Tab');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toBeFocused();
  await expectVisibleFocusRing(panel);
  await page.keyboard.press('Tab');
  await expectVisibleFocusRing(page.getByRole('button', { name: 'Subir Documento' }));
  await expectAccessible(page);

  // One tab stop for the tabs: the arrows, Home and End move between them and show each one.
  await tab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /Imágenes/ })).toBeFocused();
  await expect(page.getByRole('tab', { name: /Imágenes/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', (await page.getByRole('tab', { name: /Imágenes/ }).getAttribute('id'))!);
  await page.keyboard.press('End');
  await expect(page.getByRole('tab').last()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab).toBeFocused();
});

test.describe('en el móvil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('la barra lateral cerrada no recibe el foco; abierta lo recibe y Escape la cierra', async ({ page }) => {
    await registerThroughForm(page);
    const sidebar = page.locator('#app-sidebar');
    await expect(sidebar).toHaveAttribute('inert', '');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A whole round of the page's stops, back to 'Saltar al contenido': none inside the closed menu.
    const skipLink = page.getByRole('link', { name: 'Saltar al contenido' });
    let round = 0;
    do {
      await page.keyboard.press('Tab');
      round += 1;
      expect(await page.evaluate(() => !!document.activeElement?.closest('#app-sidebar')), `Tab ${round}`).toBe(false);
    } while (round < 60 && !(round > 1 && (await skipLink.evaluate((link) => link === document.activeElement))));
    expect(round, 'el foco dio la vuelta a la página').toBeLessThan(60);

    // The next stop is the menu's button; Enter opens it.
    await page.keyboard.press('Tab');
    const menu = page.getByRole('button', { name: 'Abrir menú' });
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sidebar).not.toHaveAttribute('inert', '');
    await expect(sidebar.getByRole('button', { name: 'Cerrar menú' })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#app-sidebar'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(sidebar).toHaveAttribute('inert', '');
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();
  });
});

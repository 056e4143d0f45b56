import type { Page } from '@playwright/test';
import { fechaEnLetra } from '@bufete/shared/values/escritos';
import { expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

/** Today on the lawyer's clock, as the date field takes it (dd/mm/aaaa). */
async function todayTyped(page: Page) {
  return page.evaluate(() => new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Mexico_City' }).format(new Date()));
}

/**
 * 'T' from the keyboard: the title typed at once (before the dialog has
 * arrived) is kept; the rest left as it is unless given. The typing happens on
 * a slow phone's CPU (throttled), where the dialog takes long enough to arrive
 * that keys fall between the form's render and its field reaching the page.
 */
async function quickTask(page: Page, titulo: string, vence?: string) {
  // Wherever the keyboard is, as long as it is not in a field.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const cpu = await page.context().newCDPSession(page);
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.keyboard.press('t');
  await page.keyboard.type(titulo);
  const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
  await expect(dialog.getByLabel('Qué hay que hacer *')).toHaveValue(titulo);
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cpu.detach();
  if (vence) {
    await dialog.getByLabel('Para cuándo').selectOption({ label: 'Una fecha' });
    await dialog.getByLabel('Fecha').fill(vence);
  }
  await dialog.getByRole('button', { name: 'Crear tarea' }).click();
  await expect(dialog).toBeHidden();
}

/** A case through 'Nuevo Caso' with its court identity (the rest left blank). */
async function caseInCourt(page: Page) {
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill('Arrendamiento Torres');
  await page.getByLabel('Número de expediente').fill('845/2026');
  await page.getByLabel('Materia').selectOption({ label: 'Civil' });
  await page.getByLabel('Juzgado o autoridad').fill('Juzgado Décimo de lo Civil');
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

test('tareas desde el teclado: en el dashboard, en la página de tareas y hechas con un clic', async ({ page }) => {
  await registerThroughForm(page);
  // The app has taken over from the page's HTML (its greeting has the lawyer's name): the shortcut is live.
  await expect(page.getByRole('heading', { name: '¡Hola, Carmen!' })).toBeVisible();
  await quickTask(page, 'Llamar al perito valuador');
  await quickTask(page, 'Presentar el escrito de pruebas', await todayTyped(page));
  // The dashboard's day: today's task beside plazos and hearings.
  await page.goto('/dashboard');
  const due = page.getByTestId('due-item').filter({ hasText: 'Presentar el escrito de pruebas' });
  await expect(due).toContainText('Tarea');
  await expect(page.getByTestId('due-item').filter({ hasText: 'Llamar al perito valuador' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Tareas' }).first().click();
  await expect(page.getByRole('heading', { name: 'Tareas', level: 1 })).toBeVisible();
  const list = page.getByTestId('tarea');
  await expect(list).toHaveCount(2);
  await page.getByRole('tab', { name: 'Hoy' }).click();
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Presentar el escrito de pruebas');
  await expectAccessible(page);
  await list.first().getByRole('checkbox', { name: 'Marcar como hecha: Presentar el escrito de pruebas' }).click();
  await expect(page.getByText('No tienes tareas para hoy.')).toBeVisible();
  await page.getByRole('tab', { name: 'Hechas' }).click();
  await expect(list.first()).toContainText('Presentar el escrito de pruebas');
  // Typing in a field never opens a task: 't' is a letter there.
  await page.getByRole('button', { name: 'Nueva tarea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
  await dialog.getByLabel('Qué hay que hacer *').fill('Revisar tarifas');
  await expect(dialog.getByLabel('Qué hay que hacer *')).toHaveValue('Revisar tarifas');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
});

test('una plantilla de asunto en un caso nuevo y un escrito generado desde el expediente, abierto en el visor', async ({ page }) => {
  await registerThroughForm(page, { nombre: 'Rosa', apellido: 'Quintero Lara' });
  // How her escritos name her, in the profile; a cédula there is checked (she leaves it blank: the escrito will ask).
  await page.goto('/configuracion');
  await page.getByLabel('En tus escritos eres').selectOption({ label: 'Abogada' });
  await page.getByLabel('Cédula profesional').fill('123456');
  await page.getByRole('button', { name: 'Guardar cambios' }).first().click();
  await expect(page.getByText('La cédula profesional debe tener 7 u 8 dígitos')).toBeVisible();
  await page.getByLabel('Cédula profesional').fill('');
  await page.getByRole('button', { name: 'Guardar cambios' }).first().click();
  await expect(page.getByText('Perfil actualizado')).toBeVisible();

  const casoId = await caseInCourt(page);
  await page.getByRole('tab', { name: 'Tareas' }).click();
  await expect(page.getByText('Este caso aún no tiene tareas.')).toBeVisible();
  await page.getByRole('button', { name: 'Aplicar plantilla' }).click();
  const apply = page.getByRole('dialog', { name: 'Aplicar plantilla de asunto' });
  // A civil case proposes the civil ordinario, not the first template of the list.
  await expect(apply.getByLabel('Tipo de asunto')).toHaveValue('ordinario-civil');
  await apply.getByLabel('Tipo de asunto').selectOption({ label: 'Juicio ordinario civil' });
  await apply.getByLabel('Contar desde').fill('01/06/2027');
  await expect(apply.getByRole('list', { name: 'Tareas de la plantilla' })).toContainText('Redactar la demanda');
  await expect(apply).toContainText('Escritos que suele necesitar: Promoción simple, Autorización de abogados, Solicitud de copias certificadas');
  // Made hers: this lawyer's ordinario never asks for certified copies.
  await apply.getByRole('button', { name: 'Hacerla mía y editarla' }).click();
  const editor = page.getByRole('dialog', { name: 'Editar plantilla de asunto' });
  const escritos = editor.getByRole('group', { name: 'Escritos que suele necesitar' });
  await expect(escritos.getByLabel('Promoción simple')).toBeChecked();
  await escritos.getByLabel('Solicitud de copias certificadas').uncheck();
  await editor.getByRole('button', { name: 'Guardar plantilla' }).click();
  await expect(page.getByText('Plantilla guardada')).toBeVisible();
  await expect(apply.getByLabel('Tipo de asunto')).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(apply).toContainText('Escritos que suele necesitar: Promoción simple, Autorización de abogados, Contrato de prestación de servicios profesionales.');
  await apply.getByLabel('Contar desde').fill('01/06/2027');
  await apply.getByRole('button', { name: 'Crear tareas' }).click();
  await expect(apply).toBeHidden();
  await expect(page.getByText('Se crearon 5 tareas en el caso')).toBeVisible();
  const tasks = page.getByTestId('tarea');
  await expect(tasks).toHaveCount(5);
  await expect(tasks.nth(0)).toContainText('Reunir los documentos base de la acción');
  await expect(tasks.nth(0)).toContainText('4 jun 2027');
  await expect(tasks.nth(4)).toContainText('6 jul 2027');
  // A task of this case from the keyboard, on its page.
  await quickTask(page, 'Pedir copias del expediente');
  await expect(tasks).toHaveCount(6);
  await expect(tasks.filter({ hasText: 'Pedir copias del expediente' })).toHaveCount(1);

  // The escrito: its fields from the case, what it lacks asked, saved and opened.
  await page.getByRole('tab', { name: /Documentos/ }).click();
  await page.getByRole('button', { name: 'Generar escrito' }).click();
  const draft = page.getByRole('dialog', { name: 'Generar escrito' });
  await draft.getByRole('button', { name: /^Promoción simple/ }).click();
  const form = page.getByRole('dialog', { name: 'Promoción simple' });
  await expect(form.getByRole('group', { name: 'Datos del expediente' })).toContainText('845/2026');
  // Her cédula, asked here, is offered to her profile (ticked): asked once, not in every escrito.
  await form.getByLabel('Tu cédula profesional *').fill('7654321');
  await expect(form.getByLabel('Guardar la cédula en mi perfil para los próximos escritos')).toBeChecked();
  await form.getByLabel('Secretaría *').fill('B');
  await form.getByLabel('Parte actora *').fill('Inmobiliaria Torres, S.A.');
  await form.getByLabel('Parte demandada *').fill('Julio Campos Vera');
  await form.getByLabel('Nombre del cliente *').fill('Inmobiliaria Torres, S.A.');
  await form.getByLabel('Lugar donde se firma (ciudad) *').fill('Ciudad de México');
  await form.getByRole('button', { name: 'Generar y abrir' }).click();
  // What is still missing is named, and nothing typed is lost.
  await expect(form.getByRole('alert')).toContainText('Faltan datos para el escrito: Lo que se solicita al juzgado');
  await expect(form.getByLabel('Parte demandada *')).toHaveValue('Julio Campos Vera');
  await form.getByLabel('Lo que se solicita al juzgado *').fill('se tenga por desahogada la vista');
  await form.getByRole('button', { name: 'Generar y abrir' }).click();
  await expect(page).toHaveURL(/\/documentos\?ver=[0-9a-f-]{36}$/);
  // Named by the template, the expediente and the day; the case's court, the client and the signature in its body.
  const viewer = page.getByRole('dialog', { name: /^Promoción simple - 845-2026 - \d{2}-\d{2}-\d{4}\.docx$/ });
  // As a court reads it: addressed to its judge, she appears as the company's apoderada, in her gender, the petition closed.
  const preview = viewer.getByRole('region', { name: 'Vista previa' });
  await expect(preview).toContainText('C. JUEZ DÉCIMO DE LO CIVIL DE LA CIUDAD DE MÉXICO', { timeout: 15_000 });
  await expect(preview).toContainText('Rosa Quintero Lara, en mi carácter de apoderada legal de Inmobiliaria Torres, S.A.,');
  await expect(preview).toContainText('se tenga por desahogada la vista.');
  await expect(preview).toContainText('Tenerme por presentada');
  await expect(viewer.getByRole('region', { name: 'Vista previa' })).toContainText('Cédula profesional 7654321');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.goto(`/casos/${casoId}`);
  await expect(page.getByRole('tab', { name: 'Documentos (1)' })).toBeVisible();
  await page.goto('/configuracion');
  await expect(page.getByLabel('Cédula profesional')).toHaveValue('7654321');
});

test.describe('en el móvil, un abogado en Tijuana', () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Tijuana' });

  test('las tareas, la plantilla y el escrito caben en 390 px', async ({ page }) => {
    await registerThroughForm(page);
    const casoId = await caseInCourt(page);
    await page.goto(`/casos/${casoId}?tab=tareas`);
    await page.getByRole('button', { name: 'Aplicar plantilla' }).click();
    const apply = page.getByRole('dialog', { name: 'Aplicar plantilla de asunto' });
    await expectFitsThePhone(page, 'aplicar plantilla');
    // The editor, its escritos to tick included, fits too; left without saving.
    await apply.getByRole('button', { name: 'Hacerla mía y editarla' }).click();
    const editor = page.getByRole('dialog', { name: 'Editar plantilla de asunto' });
    await expect(editor.getByRole('group', { name: 'Escritos que suele necesitar' }).getByLabel('Promoción simple')).toBeChecked();
    await expectFitsThePhone(page, 'editar plantilla');
    await editor.getByRole('group', { name: 'Escritos que suele necesitar' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('editar-plantilla.png') });
    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await apply.getByRole('button', { name: 'Crear tareas' }).click();
    await expect(page.getByTestId('tarea')).toHaveCount(5);
    await expectFitsThePhone(page, `/casos/${casoId}?tab=tareas`);
    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
    await dialog.getByLabel('Qué hay que hacer *').fill('Revisar la contestación');
    await dialog.getByLabel('Para cuándo').selectOption({ label: 'Días después de algo del caso' });
    const after = dialog.getByLabel('Después de');
    await after.selectOption((await after.locator('option', { hasText: 'Tarea: Presentar la demanda' }).getAttribute('value'))!);
    await expectFitsThePhone(page, 'nueva tarea relativa');
    await dialog.getByRole('button', { name: 'Crear tarea' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('tarea').filter({ hasText: 'Revisar la contestación' })).toContainText('5 días hábiles después de la tarea «Presentar la demanda');
    await page.goto('/tareas');
    await expectFitsThePhone(page, '/tareas');
    await page.goto(`/casos/${casoId}`);
    await page.getByRole('button', { name: 'Generar escrito' }).click();
    await expect(page.getByRole('list', { name: 'Plantillas de escritos' })).toBeVisible();
    await expectFitsThePhone(page, 'generar escrito');
    await page
      .getByRole('dialog', { name: 'Generar escrito' })
      .getByRole('button', { name: /^Solicitud de copias certificadas/ })
      .click();
    const form = page.getByRole('dialog', { name: 'Solicitud de copias certificadas' });
    await expect(form.getByLabel('Constancias de las que se piden copias *')).toBeVisible();
    await expectFitsThePhone(page, 'escrito: campos');
    for (const [label, value] of [
      ['Parte actora *', 'Inmobiliaria Torres, S.A.'],
      ['Parte demandada *', 'Julio Campos Vera'],
      ['Nombre del cliente *', 'Inmobiliaria Torres, S.A.'],
      ['Tu cédula profesional *', '1234567'],
      ['Secretaría *', 'A'],
      ['Constancias de las que se piden copias *', 'la sentencia definitiva'],
      ['Personas que se autorizan *', 'Lic. Pedro Salas Vega'],
      ['Lugar donde se firma (ciudad) *', 'Tijuana'],
    ] as const) {
      await form.getByLabel(label).fill(value);
    }
    await form.getByRole('button', { name: 'Generar y abrir' }).click();
    // Opened in the viewer, dated in words on the lawyer's own day (Tijuana's, whatever the server's clock says).
    const viewer = page.getByRole('dialog', { name: /^Solicitud de copias certificadas - 845-2026/ }).getByRole('region', { name: 'Vista previa' });
    await expect(viewer).toContainText('la sentencia definitiva', { timeout: 15_000 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tijuana' }).format(new Date());
    await expect(viewer).toContainText(`Tijuana, a ${fechaEnLetra(today)}.`);
    await expectFitsThePhone(page, 'escrito abierto');
  });
});

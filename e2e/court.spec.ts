import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { createCaseThroughForm, expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

/** A day's bulletin as Mexico City lays it out (entries closed by their expediente), written by a real PDF writer. */
async function bulletinPdf(): Promise<Buffer> {
  const lines = [
    'BOLETÍN JUDICIAL No. 220',
    'Ciudad de México, jueves 26 de noviembre de 2026',
    'JUZGADOS DE LO CIVIL',
    'QUINTO DE LO CIVIL',
    'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario.',
    'Exp. 123/2024.',
    'RAMÍREZ vs. ORTIZ. Ordinario Civil. Exp. 1123/2024.',
    'SEXTO DE LO CIVIL',
    'MORA vs. LUNA. Especial Hipotecario. Exp. 123/2024.',
  ];
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 1008]);
  lines.forEach((line, index) => page.drawText(line, { x: 36, y: 970 - index * 18, size: 9, font }));
  return Buffer.from(await pdf.save());
}

/** A case with its court identity, through 'Nuevo Caso' (the rest left blank); its id. */
async function newCaseInCourt(page: Page, caso: { titulo: string; expediente: string; juzgado: string }) {
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill(caso.titulo);
  await page.getByLabel('Número de expediente').fill(caso.expediente);
  await page.getByLabel('Juzgado o autoridad').fill(caso.juzgado);
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

/** The mortgage case of Banco del Centro, in the Juzgado Quinto de lo Civil, with its defendant. */
async function caseInCourt(page: Page) {
  const id = await newCaseInCourt(page, { titulo: 'Hipotecario Banco del Centro', expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil' });
  await addParty(page, 'Parte demandada', 'José Pérez López');
  return id;
}

/** 'Agregar parte' on the case's page: its side and its name (the counsel left blank). */
async function addParty(page: Page, rol: string, nombre: string) {
  await page.getByRole('button', { name: 'Agregar parte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar parte' });
  await dialog.getByLabel('Papel en el juicio').selectOption({ label: rol });
  await dialog.getByLabel('Nombre o razón social *').fill(nombre);
  await dialog.getByRole('button', { name: 'Agregar parte' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Partes del caso' })).toContainText(nombre);
}

/** 'Revisar boletín' from the cases page: the PDF up, the matches shown with what was read, nothing registered yet. */
async function showMatches(page: Page) {
  await page.goto('/casos');
  await page.getByRole('link', { name: 'Revisar boletín' }).click();
  await expect(page.getByRole('heading', { name: 'Revisar boletín', level: 1 })).toBeVisible();
  await page.getByLabel('PDF, página web o texto (hasta 20 MB)').setInputFiles({ name: 'boletin-26-11-2026.pdf', mimeType: 'application/pdf', buffer: await bulletinPdf() });
  await page.getByRole('button', { name: 'Revisar archivo' }).click();
  // Counted honestly: the case's acuerdo, and its number under another court as possible, apart.
  await expect(page.getByRole('heading', { name: '1 acuerdo en tus casos y 1 posible por revisar' })).toBeVisible();
  await expect(page.getByTestId('informe-lectura')).toContainText('Lo que se leyó: Boletín Judicial de la Ciudad de México · 1 página · 3 entradas en 2 juzgados');
  const matches = page.getByTestId('coincidencia');
  await expect(matches.nth(0)).toContainText('Juzgado y expediente coinciden');
  await expect(matches.nth(0)).toContainText('Las partes coinciden');
  await expect(matches.nth(0).getByRole('checkbox')).toBeChecked();
  await expect(matches.nth(1)).toContainText('Posible: solo coincide el número');
  await expect(matches.nth(1)).toContainText('Es otro juzgado.');
  await expect(matches.nth(1).getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByLabel('Fecha de publicación')).toHaveValue('26/11/2026');
}

/** The confirmed one registered. */
async function reviewBulletin(page: Page) {
  await showMatches(page);
  await page.getByRole('button', { name: 'Registrar 1 actuación' }).click();
  await expect(page.getByText('1 actuación registrada en su caso')).toBeVisible();
}

/** A Tijuana list as its site serves it: Word's HTML, each cell a paragraph, in windows-1252, headed with the court and the day. */
function tijuanaPage(): Buffer {
  const cell = (text: string) => `<td valign=top><p class=MsoNormal><span style='font-size:8.0pt'>${text}</span></p></td>`;
  const rows = [
    ['1', '03301/2019', 'GARZA LUNA PEDRO VS SECRETO. DIVORCIO'],
    ['2', '00450/2024', 'BELTRÁN SOTO ANA VS MORALES RUIZ JUAN. ORDINARIO CIVIL'],
    ['3', 'EXP 00017/2025', 'ROMERO VEGA LUIS VS SECRETO. ALIMENTOS'],
  ];
  const html = `<html><head><meta http-equiv=Content-Type content="text/html; charset=windows-1252"></head><body><div class=WordSection1>
    <p class=MsoNormal align=center><b>JUZGADO SEGUNDO CIVIL DE TIJUANA, B.C. 10 DE MARZO DE 2027</b></p>
    <p class=MsoNormal><b>PRIMER SECRETARIA</b></p><p class=MsoNormal>Acuerdos</p>
    <table class=MsoNormalTable border=0>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}
    <tr style='display:none;mso-hide:all'>${['4', '00450/2024', 'FILA OCULTA'].map(cell).join('')}</tr></table></div></body></html>`;
  return Buffer.from([...html].map((char) => (char.charCodeAt(0) < 256 ? char.charCodeAt(0) : 0x3f)));
}

test('las actuaciones de un caso: se registran con lo opcional en blanco, se editan con su fecha de efectos y un documento, y se eliminan', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Hipotecario Banco del Centro');
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Documento' });
  await upload.getByLabel('Archivo').setInputFiles({ name: 'Acuerdo 20-11.txt', mimeType: 'text/plain', buffer: Buffer.from('Se admite la demanda') });
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload).toBeHidden();

  await page.getByRole('tab', { name: 'Actuaciones' }).click();
  await expect(page).toHaveURL(/tab=actuaciones/);
  await expect(page.getByText('Aún no hay actuaciones en este caso.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva actuación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva actuación' });
  await expectAccessible(page);
  // Nothing written: the text is asked for, in Spanish.
  await dialog.getByRole('button', { name: 'Registrar actuación' }).click();
  await expect(dialog.getByText('Escribe el texto de la actuación, como se publicó')).toBeVisible();
  await dialog.getByLabel('Fecha de publicación').fill('20/11/2026');
  // The day it takes effect is proposed (the next day the court works), and can be left blank.
  await expect(dialog.getByLabel('Surte efectos')).toHaveValue('23/11/2026');
  await expect(dialog.getByText('Propuesta:', { exact: false })).toBeVisible();
  await dialog.getByLabel('Surte efectos').fill('');
  await dialog.getByLabel('Tipo').selectOption({ label: 'Auto admisorio' });
  await dialog.getByLabel('Texto publicado').fill('Se admite la demanda en la vía especial hipotecaria y se ordena el emplazamiento.');
  await dialog.getByRole('button', { name: 'Registrar actuación' }).click();
  await expect(dialog).toBeHidden();
  const item = page.getByTestId('actuacion');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Auto admisorio');
  await expect(item).toContainText('Publicada el 20 de noviembre de 2026');
  await expect(item).toContainText('Sin fecha de efectos · Captura manual');

  // Its effects can only come on or after its publication; then a document of the case goes with it.
  await item.getByRole('button', { name: /Editar actuación/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar actuación' });
  await expect(edit.getByLabel('Texto publicado')).toHaveValue(/vía especial hipotecaria/);
  await edit.getByLabel('Surte efectos').fill('19/11/2026');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit.getByText('La fecha en que surte efectos no puede ser anterior a la de publicación')).toBeVisible();
  await edit.getByLabel('Surte efectos').fill('23/11/2026');
  await edit.getByLabel('Acuerdo 20-11.txt').check();
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit).toBeHidden();
  await expect(item).toContainText('Surte efectos el 23 de noviembre de 2026');
  await expect(item.getByRole('link', { name: 'Acuerdo 20-11.txt' })).toBeVisible();

  // The case's history tells it.
  await page.getByRole('tab', { name: 'Historial' }).click();
  await expect(page.getByText('Actuación editada: Auto admisorio del 20/11/2026')).toBeVisible();

  await page.getByRole('tab', { name: 'Actuaciones' }).click();
  await item.getByRole('button', { name: /Eliminar actuación/ }).click();
  // What becomes of what hangs on it is said before it goes.
  await expect(page.getByRole('alertdialog')).toContainText('las tareas que se contaban desde ella conservan su fecha');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Actuación eliminada')).toBeVisible();
  await expect(page.getByTestId('actuacion')).toHaveCount(0);
});

test('revisar el boletín del día: el PDF, sus coincidencias, y la confirmada como actuación del caso', async ({ page }) => {
  await registerThroughForm(page);
  const id = await caseInCourt(page);
  // A scan without text is refused in Spanish, and nothing is lost.
  await page.goto('/casos/boletin');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Revisar texto' }).click();
  await expect(page.getByRole('alert')).toHaveText('Pega el texto del boletín, o sube su PDF o su página');
  await page.getByLabel('Texto del boletín').fill('Lista de compras: leche, pan.');
  await page.getByRole('button', { name: 'Revisar texto' }).click();
  await expect(page.getByRole('alert')).toContainText('No se encontró ningún juzgado');
  await expect(page.getByLabel('Texto del boletín')).toHaveValue('Lista de compras: leche, pan.');

  await reviewBulletin(page);
  await page.goto(`/casos/${id}?tab=actuaciones`);
  const item = page.getByTestId('actuacion');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Publicada el 26 de noviembre de 2026');
  await expect(item).toContainText('Surte efectos el 27 de noviembre de 2026 · Boletín judicial · Boletín judicial del 26/11/2026');
  await expect(item).toContainText('BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.');

  // 'Calcular término' from it: the plazo calculator opens on the day it took effect, with its description.
  await item.getByRole('button', { name: 'Calcular término' }).click();
  const plazo = page.getByRole('dialog', { name: 'Calcular término' });
  await expect(plazo.getByLabel('La notificación surtió efectos el')).toHaveValue('27/11/2026');
  // A case without a materia: the amparo is offered, not assumed.
  await expect(plazo.getByLabel('Regla que aplica')).toHaveValue('');
  await plazo.getByRole('button', { name: 'Calcular', exact: true }).click();
  await expect(plazo.getByTestId('plazo-vence')).toBeVisible();
  await expect(plazo.getByLabel('Descripción (opcional)')).toHaveValue('Término: acuerdo del 26/11/2026');
  await plazo.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Plazo agendado en el calendario', { exact: false })).toBeVisible();

  // The dashboard's morning: today's acuerdos, each on its case, and the term among the coming deadlines.
  await page.goto('/dashboard');
  await expect(page.getByTestId('due-cases')).toContainText('Término: acuerdo del 26/11/2026');
  await expect(page.getByTestId('acuerdos-hoy')).toContainText('Hipotecario Banco del Centro');
  await expect(page.getByTestId('acuerdos-hoy')).toContainText('BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ');

  // The top bar's search finds it by its text, and opens it on its case.
  await page.getByPlaceholder('Buscar casos, clientes, documentos...').fill('Especial Hipotecario');
  await page
    .getByRole('option', { name: /Hipotecario Banco del Centro/ })
    .filter({ hasText: 'Boletín judicial del 26/11/2026' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/casos/${id}\\?tab=actuaciones$`));
  await expect(page.getByTestId('actuacion')).toHaveCount(1);
});

test('la lista de Tijuana copiada del navegador y pegada: cada fila su acuerdo, la fecha del encabezado, nunca la de hoy', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerThroughForm(page);
  const id = await newCaseInCourt(page, { titulo: 'Arrendamiento en Tijuana', expediente: '450/2024', juzgado: 'Juzgado Segundo Civil de Tijuana' });

  // The court's page, opened in the browser (served here from memory), all of it selected and copied…
  await page.route('**/pjbc/ti270310.htm', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=windows-1252', body: tijuanaPage() }));
  await page.goto('/pjbc/ti270310.htm');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+C');
  // …and pasted into 'Revisar boletín'.
  await page.goto('/casos/boletin');
  await page.getByLabel('Texto del boletín').click();
  await page.keyboard.press('Control+V');
  await expect(page.getByLabel('Texto del boletín')).toHaveValue(/00450\/2024/);
  await page.getByRole('button', { name: 'Revisar texto' }).click();
  await expect(page.getByRole('heading', { name: '1 acuerdo en tus casos' })).toBeVisible();
  await expect(page.getByTestId('informe-lectura')).toContainText('3 entradas en 1 juzgado');
  const match = page.getByTestId('coincidencia');
  await expect(match).toHaveCount(1);
  // The acuerdo is its row, the number with its parties; the hidden row is not read.
  await expect(match).toContainText('00450/2024 BELTRÁN SOTO ANA VS MORALES RUIZ JUAN. ORDINARIO CIVIL');
  await expect(page.getByLabel('Fecha de publicación')).toHaveValue('10/03/2027');
  await page.getByRole('button', { name: 'Registrar 1 actuación' }).click();
  // The results stay: what was registered is said, with its case, and marked in the list.
  const registradas = page.getByTestId('boletin-registradas');
  await expect(registradas).toContainText('1 actuación registrada en su caso');
  await expect(registradas).toBeFocused();
  await expect(registradas.getByRole('link', { name: 'Ver las actuaciones de Arrendamiento en Tijuana' })).toHaveAttribute('href', `/casos/${id}?tab=actuaciones`);
  await expect(match).toContainText('Ya registrada');
  await expect(match.getByRole('checkbox')).toBeDisabled();
  // Reviewed again, the acuerdo is marked as registered, not ticked to be registered twice.
  await page.getByRole('button', { name: 'Revisar texto' }).click();
  await expect(page.getByRole('heading', { name: '1 acuerdo en tus casos' })).toBeFocused();
  await expect(match).toContainText('Ya registrada');
  await expect(match.getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Registrar 0 actuaciones' })).toBeDisabled();
  await page.goto(`/casos/${id}?tab=actuaciones`);
  await expect(page.getByTestId('actuacion')).toContainText('Publicada el 10 de marzo de 2027');
  await expect(page.getByTestId('actuacion')).toContainText('00450/2024 BELTRÁN SOTO ANA VS MORALES RUIZ JUAN. ORDINARIO CIVIL');

  // A paste without the bulletin's heading has no date: it is asked for before anything is registered, never taken from today.
  await page.goto('/casos/boletin');
  await page.getByLabel('Texto del boletín').fill('JUZGADO SEGUNDO CIVIL DE TIJUANA\n2\t00450/2024\tBELTRÁN SOTO ANA VS MORALES RUIZ JUAN. SE SEÑALA AUDIENCIA');
  await page.getByRole('button', { name: 'Revisar texto' }).click();
  await expect(page.getByTestId('coincidencia')).toHaveCount(1);
  await expect(page.getByLabel('Fecha de publicación')).toHaveValue('');
  await expect(page.getByText('El texto no trae la fecha del boletín en su encabezado')).toBeVisible();
  // A hearing's date set is proposed as such.
  await expect(page.getByTestId('coincidencia').getByLabel(/^Tipo de la actuación/)).toHaveValue('audiencia');
  await page.getByRole('button', { name: 'Registrar 1 actuación' }).click();
  await expect(page.getByRole('alert')).toHaveText('Indica la fecha de publicación del boletín');
  await page.getByLabel('Fecha de publicación').fill('11/03/2027');
  await page.getByRole('button', { name: 'Registrar 1 actuación' }).click();
  await expect(page.getByText('1 actuación registrada en su caso')).toBeVisible();
});

test('las partes de un caso: un nombre que ya es cliente o parte de otro caso se señala al escribirlo', async ({ page }) => {
  await registerThroughForm(page);
  // A client, through 'Nuevo Cliente' with only the name.
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  const clientDialog = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await clientDialog.getByLabel('Nombre *').fill('José Pérez López');
  await clientDialog.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(clientDialog).toBeHidden();

  const id = await createCaseThroughForm(page, 'Arrendamiento Colonia Roma');
  await page.goto(`/casos/${id}`);
  await addParty(page, 'Parte actora', 'Inmobiliaria Roma, S.A. de C.V.');
  // The same man written as a court prints him: flagged once the name is left, before saving.
  await page.getByRole('button', { name: 'Agregar parte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar parte' });
  await dialog.getByLabel('Nombre o razón social *').fill('PEREZ LOPEZ JOSE');
  await dialog.getByLabel('Abogado (opcional)').click();
  await expect(dialog.getByText('Posible conflicto de interés')).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('José Pérez López, cliente');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Agregar parte' }).click();
  await expect(dialog).toBeHidden();
  const partes = page.getByRole('list', { name: 'Partes del caso' });
  await expect(partes.getByRole('listitem')).toHaveCount(2);
  await expect(partes.getByRole('listitem').first()).toContainText('Parte actora');
  // The conflict stays on the case, across a reload, until the lawyer notes it as reviewed.
  const conflicts = page.getByRole('region', { name: 'Posible conflicto de interés' });
  await expect(conflicts).toContainText('PEREZ LOPEZ JOSE, parte demandada en este caso, coincide con tu cliente José Pérez López.');
  await page.reload();
  await expect(conflicts).toBeVisible();
  await conflicts.getByRole('button', { name: 'Marcar como revisado' }).click();
  await expect(conflicts).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Arrendamiento Colonia Roma' })).toBeVisible();
  await expect(conflicts).toBeHidden();

  // A new client whose name is that party of the case is flagged while typed, and again once created: the dialog stays to say so.
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  const another = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await another.getByLabel('Nombre *').fill('inmobiliaria roma');
  await another.getByLabel('Email').click();
  await expect(another.getByRole('status')).toContainText('Inmobiliaria Roma, S.A. de C.V., parte actora en Arrendamiento Colonia Roma');
  await another.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(another.getByText('Cliente creado correctamente.')).toBeVisible();
  await expect(another.getByRole('status').filter({ hasText: 'Posible conflicto de interés' })).toContainText('parte actora en Arrendamiento Colonia Roma');
  await another.getByRole('button', { name: 'Entendido' }).click();
  await expect(another).toBeHidden();
  // Choosing that client for a new case says it where the case is decided, and the case carries the mark.
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill('Amparo Inmobiliaria Roma');
  await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'inmobiliaria roma' });
  await expect(page.getByRole('status').filter({ hasText: 'Posible conflicto de interés' })).toContainText(
    'Inmobiliaria Roma, S.A. de C.V., parte actora en Arrendamiento Colonia Roma',
  );
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Posible conflicto de interés' })).toContainText(
    'inmobiliaria roma, cliente de este caso, es parte actora en Arrendamiento Colonia Roma.',
  );
  await expectAccessible(page);
});

/** From an amparo's sentencia to its term: the rule with its article, the plazo on the actuación and on the dashboard. */
async function termFromSentencia(page: Page) {
  await registerThroughForm(page);
  await page.goto('/casos/nuevo');
  await page.getByLabel('Título del caso *').fill('Amparo contra la clausura');
  await page.getByLabel('Número de expediente').fill('733/2026-III');
  await page.getByLabel('Materia').selectOption({ label: 'Amparo' });
  await page.getByRole('button', { name: 'Crear Caso' }).click();
  await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
  await page.getByRole('tab', { name: 'Actuaciones' }).click();
  await page.getByRole('button', { name: 'Nueva actuación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva actuación' });
  await dialog.getByLabel('Fecha de publicación').fill('19/11/2026');
  // 20 November closes the federal courts: it takes effect on the Monday.
  await expect(dialog.getByLabel('Surte efectos')).toHaveValue('23/11/2026');
  await expect(dialog.getByText('Ley de Amparo, art. 31', { exact: false })).toBeVisible();
  await dialog.getByLabel('Tipo').selectOption({ label: 'Sentencia' });
  await dialog.getByLabel('Texto publicado').fill('Se dicta sentencia: se niega el amparo solicitado.');
  await dialog.getByRole('button', { name: 'Registrar actuación' }).click();
  await expect(dialog).toBeHidden();

  const item = page.getByTestId('actuacion');
  await item.getByRole('button', { name: 'Calcular término' }).click();
  const plazo = page.getByRole('dialog', { name: 'Calcular término' });
  await expect(plazo.getByLabel('La notificación surtió efectos el')).toHaveValue('23/11/2026');
  // The rule of the case's materia for a sentencia is proposed, with its article and whether its text was read.
  await expect(plazo.getByLabel('Regla que aplica')).toHaveValue('amparo-revision');
  await expect(plazo.getByTestId('plazo-regla-cita')).toContainText('Ley de Amparo, art. 86: 10 días hábiles');
  await expect(plazo.getByTestId('plazo-regla-cita')).toContainText('Verificada en el texto de la ley');
  await expect(plazo.getByLabel('Número de días')).toHaveValue('10');
  // A rule whose text was read says so; one still to confirm (Mexico City's code, its official text not read) says that.
  await plazo.getByLabel('Regla que aplica').selectOption({ label: 'Recurso de reclamación en amparo · 3 días' });
  await expect(plazo.getByTestId('plazo-regla-cita')).toContainText('Verificada en el texto de la ley');
  await plazo.getByLabel('Regla que aplica').selectOption({ label: 'Apelación contra sentencia definitiva (Ciudad de México) · 12 días' });
  await expect(plazo.getByTestId('plazo-regla-cita')).toContainText('Por confirmar');
  await plazo.getByLabel('Regla que aplica').selectOption('amparo-revision');
  await expect(plazo.locator('#plazo-calendario option:checked')).toHaveText('Amparo y tribunales federales');
  await expectAccessible(page);
  await plazo.getByRole('button', { name: 'Calcular', exact: true }).click();
  await expect(plazo.getByTestId('plazo-vence')).toHaveText('Vence el 7 de diciembre de 2026');
  await expect(plazo.getByLabel('Descripción (opcional)')).toHaveValue('Recurso de revisión en amparo (sentencia del 19/11/2026)');
  await plazo.getByRole('button', { name: 'Agendar' }).click();
  await expect(plazo).toBeHidden();
  const term = item.getByRole('list', { name: 'Términos que inició' });
  await expect(term).toContainText('Recurso de revisión en amparo (sentencia del 19/11/2026): vence el 7 de diciembre de 2026');
  await expect(term).toContainText('Ley de Amparo, art. 86');

  await page.goto('/dashboard');
  await expect(page.getByTestId('acuerdos-hoy').getByRole('list', { name: 'Términos que inició' })).toContainText('vence el 7 de diciembre de 2026');
  await expect(page.getByTestId('due-cases')).toContainText('Recurso de revisión en amparo');
}

test('calcular término desde una sentencia de amparo: la regla con su artículo, el plazo en la actuación y en el dashboard', async ({ page }) => {
  await termFromSentencia(page);
});

test('una regla de plazo propia: se agrega con lo opcional en blanco y queda elegida', async ({ page }) => {
  await registerThroughForm(page);
  const id = await createCaseThroughForm(page, 'Juicio en Jalisco');
  await page.goto(`/casos/${id}`);
  await page.getByRole('button', { name: 'Calcular plazo' }).click();
  const plazo = page.getByRole('dialog', { name: 'Calcular plazo' });
  await plazo.getByRole('button', { name: 'Mis reglas de plazo' }).click();
  const panel = plazo.getByRole('region', { name: 'Mis reglas de plazo' });
  await expect(panel).toContainText('Aún no tienes reglas propias.');
  await panel.getByRole('button', { name: 'Agregar regla' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Indica para qué es el término (por ejemplo, «Contestación de la demanda»)');
  await panel.getByLabel('Para qué es el término').fill('Desahogo de vista');
  await panel.getByLabel('Días', { exact: true }).fill('3');
  await panel.getByRole('button', { name: 'Agregar regla' }).click();
  await expect(page.getByText('Regla agregada')).toBeVisible();
  await expect(panel.getByRole('listitem')).toContainText('Desahogo de vista: 3 días hábiles');
  await expect(plazo.getByTestId('plazo-regla-cita')).toContainText('Regla propia, sin fundamento: 3 días hábiles');
  await expect(plazo.getByLabel('Número de días')).toHaveValue('3');
  // Days typed by hand leave the rule.
  await plazo.getByLabel('Número de días').fill('4');
  await expect(plazo.getByLabel('Regla que aplica')).toHaveValue('');
});

test('Configuración: los boletines que Bufete lee cada mañana se eligen, y el enlace de un aviso vencido lo dice', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/configuracion?tab=preferencias');
  await expect(page.getByText('Boletín Judicial de la Ciudad de México', { exact: true })).toBeVisible();
  await expect(page.getByText('pide un captcha', { exact: false })).toBeVisible();
  const follow = page.getByRole('checkbox', { name: 'Seguir' });
  await expect(follow).toHaveCount(3);
  await expect(page.getByRole('checkbox', { name: 'Seguir el Boletín de los juzgados mercantiles de Guadalajara (Jalisco)' })).toBeVisible();
  await follow.first().check();
  await expect(page.getByText('Seguirás este boletín')).toBeVisible();
  await expect(page.getByText('poderjudicialcdmx.gob.mx · aún sin leer', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Seguir' }).first()).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Seguir' }).nth(1)).not.toBeChecked();

  // The link of a notice whose bulletin is no longer kept: said so, and the page still reads one by hand.
  await page.goto('/casos/boletin?fuente=cdmx&dia=2026-10-01');
  await expect(page.getByText('Ese boletín ya no está guardado para confirmarlo', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revisar archivo' })).toBeVisible();
});

test.describe('en el móvil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('las actuaciones caben en 390 px', async ({ page }) => {
    await registerThroughForm(page);
    const id = await createCaseThroughForm(page, 'Amparo indirecto contra el embargo');
    await page.goto(`/casos/${id}?tab=actuaciones`);
    await page.getByRole('button', { name: 'Nueva actuación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva actuación' });
    await dialog.getByLabel('Texto publicado').fill('Se tiene por presentada la demanda de amparo. Se pide informe justificado a la autoridad responsable. '.repeat(8));
    await dialog.getByRole('button', { name: 'Registrar actuación' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ver el texto completo' })).toBeVisible();
    await expectFitsThePhone(page, `/casos/${id}?tab=actuaciones`);
  });

  test.describe('un abogado en Tijuana', () => {
    test.use({ timezoneId: 'America/Tijuana' });

    test('del acuerdo al término en 390 px, con su día en la zona del abogado', async ({ page }) => {
      await termFromSentencia(page);
      await expectFitsThePhone(page, '/dashboard');
    });
  });

  test('las partes caben en 390 px', async ({ page }) => {
    await registerThroughForm(page);
    const id = await caseInCourt(page);
    await addParty(page, 'Tercero', 'Instituto del Fondo Nacional de la Vivienda para los Trabajadores');
    await expectFitsThePhone(page, `/casos/${id}`);
  });

  test('revisar el boletín cabe en 390 px, con lo que se leyó y sus coincidencias', async ({ page }) => {
    await registerThroughForm(page);
    await caseInCourt(page);
    await showMatches(page);
    await page.getByTestId('informe-lectura').getByText('Lo que se leyó').click();
    await expectFitsThePhone(page, '/casos/boletin');
  });
});

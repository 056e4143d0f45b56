import type { Page } from '@playwright/test';
import { createCaseThroughForm, expect, expectAccessible, expectFitsThePhone, registerThroughForm, test } from './support';

/** Asks through the box, the way a person does (Enter sends), and waits for the whole reply. */
async function askAndWait(page: Page, question: string) {
  const replies = page.getByTestId('assistant-message');
  const before = await replies.count();
  await page.getByLabel('Tu consulta').fill(question);
  await page.getByLabel('Tu consulta').press('Enter');
  await expect(replies).toHaveCount(before + 1);
  await expect(replies.last().getByTestId('context-used')).toBeVisible();
}

test('una consulta con un documento y un caso como contexto: se ve llegar, cita su contexto, se guarda, se reabre, se marca y se borra', async ({ page }) => {
  await registerThroughForm(page);
  await createCaseThroughForm(page, 'Arrendamiento de local comercial');
  await page.getByRole('button', { name: 'Subir Documento' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Documento' });
  await upload.getByLabel('Archivo').setInputFiles({
    name: 'Contrato de arrendamiento.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(
      'CLÁUSULA DÉCIMA. La pena convencional por terminación anticipada será de tres meses de renta.\n\nCLÁUSULA UNDÉCIMA. Las partes se someten a los tribunales de la Ciudad de México.',
    ),
  });
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload).toBeHidden();

  await page.goto('/ai-assistant');
  await expect(page.getByRole('heading', { level: 1, name: 'IA Legal Assistant' })).toBeVisible();
  await expect(page.getByText('Tu asistente inteligente para consultas legales')).toBeVisible();
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 3');
  await expect(page.getByText('3 consultas restantes hoy')).toBeVisible();
  await expect(page.getByTestId('welcome')).toContainText('Responde: modelo-prueba (local).');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await expectAccessible(page);

  // Context: the case, which brings its document.
  await page.getByRole('button', { name: 'Seleccionar contexto' }).click();
  const picker = page.getByRole('dialog', { name: 'Seleccionar contexto para IA' });
  await picker.getByRole('tab', { name: /Casos/ }).click();
  await picker.getByRole('checkbox', { name: /Arrendamiento de local comercial/ }).check();
  await expect(picker.getByRole('tab', { name: 'Documentos (1)' })).toBeVisible();
  await expectAccessible(page);
  await picker.getByRole('button', { name: 'Aplicar contexto' }).click();
  await expect(page.getByText('1 documento', { exact: true })).toBeVisible();
  await expect(page.getByText('1 caso', { exact: true })).toBeVisible();

  // The reply arrives piece by piece.
  await page.getByLabel('Tu consulta').fill('¿Cuál es la pena convencional por terminación anticipada?');
  await page.getByLabel('Tu consulta').press('Enter');
  await expect(page.getByTestId('user-message')).toContainText('¿Cuál es la pena convencional');
  const reply = page.getByTestId('assistant-message').last();
  await expect(reply).toContainText('Según tu material');
  await expect(reply.getByTestId('context-used')).toHaveCount(0); // still arriving
  await expect(reply.getByTestId('context-used')).toContainText('Contexto utilizado:');
  await expect(reply.getByTestId('context-used')).toContainText('Caso: Arrendamiento de local comercial');
  await expect(reply.getByTestId('context-used')).toContainText('[P1] Contrato de arrendamiento.txt');
  await expect(reply).toContainText('«CLÁUSULA DÉCIMA. La pena convencional');
  await expect(reply).not.toContainText('cita no verificada');
  await expect(page.getByText('Sesión activa')).toBeVisible();
  await expect(page.getByTestId('usage-count')).toHaveText('1 / 3');
  await expect(page.getByTestId('usage-card')).toHaveAttribute('data-tone', 'red');
  await expect(page.getByText('Pocas consultas restantes')).toBeVisible();
  await expectAccessible(page);

  // Saved with a title, found again after a reload.
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const save = page.getByRole('dialog', { name: 'Guardar chat' });
  await save.getByLabel('Título del chat').fill('');
  await expect(save.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await save.getByLabel('Título del chat').fill('Pena convencional del arrendamiento');
  await save.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Chat guardado correctamente')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Chats guardados (1)' })).toBeVisible();
  const saved = page.getByTestId('saved-chats').getByRole('listitem').filter({ hasText: 'Pena convencional del arrendamiento' });
  await expect(saved).toContainText(/Chat guardado el \d{1,2} de/);
  await saved
    .getByRole('button', { name: /Pena convencional del arrendamiento/ })
    .first()
    .click();
  await expect(page.getByTestId('user-message')).toContainText('¿Cuál es la pena convencional');
  await expect(page.getByTestId('assistant-message').last().getByTestId('context-used')).toContainText('Contrato de arrendamiento.txt');
  await expect(page.getByText('1 caso', { exact: true })).toBeVisible();

  // Star, then delete: the open chat clears.
  await saved.getByRole('button', { name: 'Marcar Pena convencional del arrendamiento como favorito' }).click();
  await expect(saved.getByRole('button', { name: 'Quitar Pena convencional del arrendamiento de favoritos' })).toHaveAttribute('aria-pressed', 'true');
  await saved.getByRole('button', { name: 'Eliminar Pena convencional del arrendamiento' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('¿Estás seguro de que quieres eliminar esta sesión de chat?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('No tienes chats guardados')).toBeVisible();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(page.getByText('Sesión activa')).toHaveCount(0);
});

test('archivos adjuntos y, al agotar las consultas, todo se bloquea con los textos de la especificación', async ({ page }) => {
  await registerThroughForm(page);
  await page.goto('/ai-assistant');
  const input = page.getByTestId('chat-file-input');
  await input.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('no') });
  await expect(page.getByTestId('chat-error')).toHaveText('El archivo foto.png no es compatible. Formatos soportados: PDF, Word, TXT, CSV.');
  await input.setInputFiles({ name: 'Sentencia.txt', mimeType: 'text/plain', buffer: Buffer.from('RESOLUTIVO PRIMERO. Se condena al demandado al pago de las rentas vencidas.') });
  const pending = page.getByTestId('pending-files');
  await expect(pending).toContainText('Archivos para enviar:');
  await expect(pending).toContainText('Sentencia.txt');
  await expect(pending).toContainText('0.00 MB');
  await expect(pending).toContainText('100%');
  await expectAccessible(page);
  // A file alone can be sent, without text.
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('assistant-message').last().getByTestId('context-used')).toContainText('Sentencia.txt');
  await expect(page.getByTestId('user-message').last()).toContainText('Archivos adjuntos: Sentencia.txt');
  await expect(pending).toHaveCount(0);

  await askAndWait(page, '¿A qué se condenó al demandado?');
  await askAndWait(page, '¿Procede la apelación?');
  await expect(page.getByTestId('usage-count')).toHaveText('3 / 3');
  await expect(page.getByText('0 consultas restantes hoy')).toBeVisible();
  await expect(page.getByText('Límite alcanzado')).toBeVisible();
  await expect(page.getByText('Has alcanzado el límite diario. Se restablece mañana.')).toBeVisible();
  await expect(page.getByText('Sin consultas disponibles')).toBeVisible();
  await expect(page.getByLabel('Tu consulta')).toBeDisabled();
  for (const name of ['Enviar', 'Seleccionar contexto', 'Nuevo chat', 'Subir archivos (PDF, Word, TXT, CSV)']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  await expectAccessible(page);
});

test('una respuesta cortada a medias se queda marcada y se reintenta; una que no llega se detiene; una vacía no estropea la siguiente', async ({ page }) => {
  await registerThroughForm(page);
  // While the assistant's status loads, nothing claims there is no model.
  let release: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ia/estado', async (route) => {
    await loaded;
    await route.continue();
  });
  await page.goto('/ai-assistant');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(page.getByTestId('no-model')).toHaveCount(0);
  await expect(page.getByTestId('welcome')).not.toContainText('activó un modelo');
  release();
  await expect(page.getByTestId('welcome')).toContainText('Responde: modelo-prueba (local).');
  await expect(page.getByTestId('no-model')).toHaveCount(0);
  await page.unroute('**/api/ia/estado');
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 3');

  // Cut mid-reply: what arrived stays, marked; the question did not count; 'Reintentar' asks again.
  await page.getByLabel('Tu consulta').fill('FALLO_CORTE ¿Qué plazo hay para contestar la demanda?');
  await page.getByLabel('Tu consulta').press('Enter');
  const cut = page.getByTestId('assistant-message').last();
  await expect(cut.getByTestId('incomplete')).toContainText('Respuesta incompleta');
  await expect(cut).toContainText('No encontré');
  await expect(page.getByTestId('chat-error')).toHaveText('Error al comunicarse con la IA. Esta consulta no se descontó de tu límite diario.');
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 3');
  await expectAccessible(page);
  await cut.getByRole('button', { name: 'Reintentar' }).click();
  const retried = page.getByTestId('assistant-message').last();
  await expect(retried.getByTestId('context-used')).toBeVisible();
  await expect(retried.getByTestId('incomplete')).toHaveCount(0);
  await expect(page.getByTestId('usage-count')).toHaveText('1 / 3');

  // A provider that never answers: 'Detener' stops it at once (the question counts: it was asked).
  await page.getByLabel('Tu consulta').fill('FALLO_COLGADO ¿Sigues ahí?');
  await page.getByLabel('Tu consulta').press('Enter');
  await expect(page.getByTestId('typing')).toBeVisible();
  await page.getByRole('button', { name: 'Detener la respuesta' }).click();
  await expect(page.getByTestId('typing')).toHaveCount(0);
  await expect(page.getByTestId('assistant-message').last().getByTestId('incomplete')).toBeVisible();
  await expect(page.getByLabel('Tu consulta')).toBeEnabled();
  await expect(page.getByTestId('usage-count')).toHaveText('2 / 3');

  // An empty reply: said so, not counted, and the next question in the same chat is answered.
  await page.getByRole('button', { name: 'Nuevo chat' }).click();
  await page.getByLabel('Tu consulta').fill('FALLO_VACIO Primera pregunta');
  await page.getByLabel('Tu consulta').press('Enter');
  await expect(page.getByTestId('chat-error')).toHaveText('El modelo no devolvió ninguna respuesta. Esta consulta no se descontó de tu límite diario.');
  await expect(page.getByTestId('usage-count')).toHaveText('2 / 3');
  await askAndWait(page, 'Segunda pregunta');
  await expect(page.getByTestId('assistant-message').last().getByTestId('incomplete')).toHaveCount(0);
  await expect(page.getByTestId('usage-count')).toHaveText('3 / 3');
});

test.describe('en el móvil', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('el asistente cabe en 390 px y responde', async ({ page }) => {
    await registerThroughForm(page);
    await page.goto('/ai-assistant');
    await expect(page.getByTestId('welcome')).toBeVisible();
    await expectFitsThePhone(page, '/ai-assistant');
    await page.getByRole('button', { name: 'Consultas sugeridas' }).click();
    await page.getByRole('button', { name: /Redacta una cláusula de confidencialidad/ }).click();
    await expect(page.getByLabel('Tu consulta')).toHaveValue(/Redacta una cláusula de confidencialidad/);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('assistant-message').last().getByTestId('context-used')).toBeVisible();
    await expectFitsThePhone(page, '/ai-assistant (con respuesta)');
  });
});

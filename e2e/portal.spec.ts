import { randomBytes } from 'node:crypto';
import { addDays, todayIn } from '@bufete/shared/dates';
import { FAKE_STRIPE } from '../playwright.config';
import { typed } from './invoicing';
import { expect, expectAccessible, createClientThroughForm, emailLink, registerThroughForm, test, uniqueEmail } from './support';

/**
 * The client portal (issue 38), on a phone first: the lawyer shares a
 * document of the case and invites the client; the client opens the link of
 * the email, sees the shared document and the invoice, and nothing unshared;
 * sends a file and a message, and pays the invoice by card on Stripe's page
 * (the fake one, e2e/fake-stripe-server.ts); the lawyer sees all three.
 */
for (const screen of [
  { name: 'en un teléfono (390 px)', viewport: { width: 390, height: 844 } },
  { name: 'en escritorio', viewport: { width: 1280, height: 900 } },
]) {
  test.describe(`portal de clientes ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });
    // One whole path through two people's screens (set-up, hearing, invitation, payment, password, review): longer than most.
    test.setTimeout(150_000);

    test('el abogado comparte un documento e invita al cliente; el cliente entra con el enlace del correo y ve su asunto, el documento y su factura', async ({ page, browser }) => {
      await registerThroughForm(page);
      const clientEmail = uniqueEmail('cliente');
      await createClientThroughForm(page, { nombre: 'Lucía Hernández', email: clientEmail });
      await page.getByRole('link', { name: 'Lucía Hernández' }).click();
      await expect(page).toHaveURL(/\/clientes\/[0-9a-f-]{36}$/);
      const clientUrl = page.url();

      // Her case, with two documents: only one shared.
      await page.goto('/casos/nuevo');
      await page.getByLabel('Título del caso *').fill('Pensión alimenticia');
      await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Lucía Hernández' });
      await page.getByLabel('Número de expediente').fill('512/2026');
      await page.getByRole('button', { name: 'Crear Caso' }).click();
      await expect(page).toHaveURL(/\/casos\/[0-9a-f-]{36}$/);
      const caseUrl = page.url();
      await page.getByRole('tab', { name: /Documentos/ }).click();
      for (const [name, text] of [
        ['Convenio firmado.txt', 'Convenio de pensión firmado'],
        ['Estrategia interna.txt', 'Solo para el despacho'],
      ] as const) {
        await page.getByRole('button', { name: 'Subir Documento' }).click();
        const upload = page.getByRole('dialog', { name: 'Subir Documento' });
        await upload.getByLabel('Archivo').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
        await upload.getByRole('button', { name: 'Subir' }).click();
        await expect(upload).toBeHidden();
      }
      const shared = page.getByTestId('document-card').filter({ hasText: 'Convenio firmado.txt' });
      // Saved as it is ticked: the box shows the server's answer.
      await shared.getByLabel('Visible para el cliente').click();
      await expect(page.getByText('«Convenio firmado.txt» ahora es visible para el cliente en su portal.')).toBeVisible();
      await expect(shared.getByLabel('Visible para el cliente')).toBeChecked();

      // Online payments, through Configuración → Integraciones: the lawyer's own Stripe key, the
      // webhook's address registered in Stripe (its API here, the dashboard for a lawyer) and its secret.
      await page.goto('/configuracion');
      await page.getByRole('tab', { name: 'Integraciones' }).click();
      const payments = page.getByTestId('pagos-en-linea-card');
      await expect(payments).toContainText('Pagos en línea');
      const stripeKey = `sk_test_${randomBytes(12).toString('hex')}`;
      await payments.getByRole('button', { name: 'Guardar' }).click();
      await expect(payments.getByText('Escribe la clave secreta de tu cuenta de Stripe.')).toBeVisible();
      await payments.getByLabel('Clave secreta de Stripe').fill(stripeKey);
      await payments.getByLabel('Ofrecer «Pagar» en el portal de mis clientes').click();
      await payments.getByRole('button', { name: 'Guardar' }).click();
      await expect(payments.getByText('Para activar los pagos en línea, escribe el secreto de firma', { exact: false })).toBeVisible();
      const webhookUrl = await payments.getByRole('textbox', { name: 'Dirección del webhook' }).inputValue();
      expect(webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:4173\/api\/pagos-en-linea\/[0-9a-f-]{36}\/webhook$/);
      const endpoint = await page.request.post(`${FAKE_STRIPE}/v1/webhook_endpoints`, {
        headers: { authorization: `Bearer ${stripeKey}` },
        form: { url: webhookUrl, 'enabled_events[]': 'checkout.session.completed' },
      });
      const { secret } = (await endpoint.json()) as { secret: string };
      await payments.getByLabel('Secreto de firma del webhook').fill(secret);
      await payments.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Pagos en línea guardados.')).toBeVisible();
      await expect(payments).toContainText('Activos');
      await expect(payments).toContainText('Modo de prueba');
      await expect(payments.getByLabel('Clave secreta de Stripe')).toHaveValue('');
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath('pagos-en-linea-configuracion.png'), fullPage: true });

      // An invoice of hers.
      await page.goto('/facturacion');
      await page.getByRole('button', { name: 'Nueva Factura' }).click();
      const invoice = page.getByRole('dialog', { name: 'Crear Nueva Factura' });
      await invoice.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Lucía Hernández' });
      await invoice.getByLabel('Concepto *').fill('Honorarios: pensión alimenticia');
      await invoice.getByLabel('Calcular automáticamente (tarifa × horas)').uncheck();
      await invoice.getByLabel(/^(Monto total|Subtotal)$/).fill('8000');
      await invoice.getByRole('button', { name: 'Crear Factura' }).click();
      await expect(invoice).toBeHidden();

      // Her next hearing, shared from the case's Portal tab (a calendar appointment marked as a hearing, its optional fields blank).
      const tomorrow = addDays(todayIn('America/Mexico_City'), 1);
      await page.goto('/calendario');
      await page.getByRole('button', { name: 'Nueva Cita', exact: true }).click();
      const cita = page.getByRole('dialog', { name: 'Crear nueva cita' });
      await cita.getByLabel('Título *').fill('Audiencia de alimentos');
      await cita.getByLabel('Día de inicio').fill(typed(tomorrow));
      await cita.getByLabel('Hora de inicio').fill('10:30');
      await cita.getByLabel('Día de fin').fill(typed(tomorrow));
      await cita.getByLabel('Hora de fin').fill('11:30');
      await cita.getByLabel(/Es una audiencia/).check();
      await cita.getByLabel('Caso').selectOption({ label: 'Pensión alimenticia' });
      await cita.getByRole('button', { name: 'Crear cita' }).click();
      await expect(cita).toBeHidden();
      await page.goto(caseUrl);
      await page.getByRole('tab', { name: /Portal/ }).click();
      // Saved as it is ticked: the box shows the server's answer.
      await page.getByLabel('Mostrar al cliente la próxima audiencia').click();
      await expect(page.getByText('Tu cliente verá la próxima audiencia en su portal.')).toBeVisible();
      await expect(page.getByLabel('Mostrar al cliente la próxima audiencia')).toBeChecked();
      await expect(page.getByText(`Próxima: Audiencia de alimentos, ${typed(tomorrow)} 10:30.`)).toBeVisible();
      // Not invited yet: the tab says she cannot read the messages, and offers the invitation where it is needed.
      await expect(page.getByText('Lucía Hernández aún no tiene acceso al portal: invítalo para que pueda leer y responder.')).toBeVisible();
      await expect(page.getByTestId('client-portal').getByRole('button', { name: 'Invitar al portal' })).toBeEnabled();

      // 'Invitar al portal' on her page.
      await page.goto(clientUrl);
      const card = page.getByTestId('client-portal');
      await expect(card).toContainText('Sin acceso al portal.');
      await card.getByRole('button', { name: 'Invitar al portal' }).click();
      await expect(page.getByText(`Invitación al portal enviada a ${clientEmail}.`, { exact: false })).toBeVisible();
      await expect(card).toContainText('Con acceso');
      await expect(card).toContainText('aún no entra');
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath('portal-ficha-cliente.png'), fullPage: true });

      // The client, in her own browser, her phone set to Tijuana's time: the link of the email.
      const context = await browser.newContext({ viewport: screen.viewport, timezoneId: 'America/Tijuana' });
      const client = await context.newPage();
      const link = await emailLink(clientEmail, /te invita a su portal/, '/portal/entrar');
      await client.goto(link);
      await expect(client).toHaveURL(/\/portal$/);
      await expect(client.getByRole('heading', { name: 'Hola, Lucía Hernández' })).toBeVisible();
      await expect(client.getByTestId('portal-caso')).toContainText('Pensión alimenticia');
      await expect(client.getByTestId('portal-caso')).toContainText('Exp. 512/2026');
      // The hearing at the court's hour, said to be the court's: her phone would have shown 8:30.
      await expect(client.getByTestId('portal-caso')).toContainText(`Próxima audiencia: ${typed(tomorrow)} 10:30 (hora del juzgado)`);
      const factura = client.getByTestId('portal-factura');
      await expect(factura).toContainText('Honorarios: pensión alimenticia');
      await expect(client.getByText('Saldo por pagar: $8,000.00')).toBeVisible();
      const pdf = await client.request.get((await factura.getByRole('link', { name: 'Recibo PDF' }).getAttribute('href'))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      await expectAccessible(client);
      await client.screenshot({ path: test.info().outputPath('portal-inicio.png'), fullPage: true });

      await client.getByTestId('portal-caso').click();
      await expect(client.getByRole('heading', { name: 'Pensión alimenticia' })).toBeVisible();
      await expect(client.getByTestId('portal-documento')).toHaveCount(1);
      await expect(client.getByTestId('portal-documento')).toContainText('Convenio firmado.txt');
      await expect(client.getByText('Estrategia interna.txt')).toHaveCount(0);
      const download = client.waitForEvent('download');
      await client.getByTestId('portal-documento').click();
      expect((await download).suggestedFilename()).toBe('Convenio firmado.txt');
      // She sends a document to her lawyer: nothing chosen is said; a file goes.
      await client.getByRole('button', { name: 'Enviar', exact: true }).click();
      await expect(client.getByText('Selecciona un archivo para subir.')).toBeVisible();
      await client.getByLabel('Enviar un documento a tu abogado').setInputFiles({ name: 'Recibo de nómina.txt', mimeType: 'text/plain', buffer: Buffer.from('Nómina de octubre') });
      await client.getByRole('button', { name: 'Enviar', exact: true }).click();
      await expect(client.getByText('Enviamos «Recibo de nómina.txt» a tu abogado.')).toBeVisible();
      await expect(client.getByTestId('portal-enviados')).toContainText('Recibo de nómina.txt');
      // And writes to her lawyer (an empty message is said, in Spanish).
      await client.getByRole('button', { name: 'Enviar mensaje' }).click();
      await expect(client.getByText('Escribe tu mensaje.')).toBeVisible();
      await client.getByLabel('Escribe un mensaje').fill('¿Ya presentaron el convenio ante el juzgado?');
      await client.getByRole('button', { name: 'Enviar mensaje' }).click();
      await expect(client.getByTestId('mensaje')).toContainText('¿Ya presentaron el convenio ante el juzgado?');
      await expect(client.getByTestId('mensaje')).toContainText('Tú ·');
      await expectAccessible(client);
      await client.screenshot({ path: test.info().outputPath('portal-asunto.png'), fullPage: true });

      // She pays her invoice: Stripe's page, a declined card first, then one that works; back on her portal, paid.
      await client.goto('/portal');
      await client.getByRole('button', { name: 'Pagar $8,000.00' }).click();
      await expect(client).toHaveURL(new RegExp(`^${FAKE_STRIPE}/c/pay/`));
      await expect(client.getByText('MXN 8000.00')).toBeVisible();
      await client.getByRole('button', { name: 'Pagar con tarjeta rechazada' }).click();
      await expect(client.getByText('Tu tarjeta fue rechazada.')).toBeVisible();
      await client.getByRole('button', { name: 'Pagar con tarjeta de crédito' }).click();
      await expect(client).toHaveURL(/\/portal\/pagos\/[0-9a-f-]{36}$/);
      await expect(client.getByRole('heading', { name: '¡Pago recibido!' })).toBeVisible();
      await expect(client.getByTestId('portal-pago')).toContainText('Registramos tu pago de $8,000.00 con tarjeta');
      await expectAccessible(client);
      await client.screenshot({ path: test.info().outputPath('portal-pago-recibido.png'), fullPage: true });
      await client.getByRole('link', { name: 'Tus facturas' }).click();
      await expect(client.getByText('Saldo por pagar: $0.00')).toBeVisible();
      await expect(client.getByTestId('portal-factura')).toContainText('Pagada');
      await expect(client.getByRole('button', { name: /^Pagar/ })).toHaveCount(0);

      // An optional password, to come back without a link: too short is said, then saved.
      await client.getByRole('button', { name: 'Guardar contraseña' }).click();
      await expect(client.getByText('La contraseña debe tener al menos 12 caracteres')).toBeVisible();
      await client.getByLabel('Contraseña', { exact: true }).fill('Convenio de pensión 2026');
      await client.getByRole('button', { name: 'Guardar contraseña' }).click();
      await expect(client.getByText('Contraseña guardada.', { exact: false })).toBeVisible();
      const returning = await (await browser.newContext({ viewport: screen.viewport })).newPage();
      await returning.goto('/portal');
      await returning.getByRole('button', { name: 'Entrar con contraseña' }).click();
      await expect(returning.getByText('Email inválido')).toBeVisible();
      await returning.getByLabel('Correo', { exact: true }).fill(clientEmail);
      await returning.getByLabel('Contraseña', { exact: true }).fill('no es la contraseña');
      await returning.getByRole('button', { name: 'Entrar con contraseña' }).click();
      await expect(returning.getByText('Correo o contraseña incorrectos.', { exact: false })).toBeVisible();
      await returning.getByLabel('Contraseña', { exact: true }).fill('Convenio de pensión 2026');
      await returning.getByRole('button', { name: 'Entrar con contraseña' }).click();
      await expect(returning.getByRole('heading', { name: 'Hola, Lucía Hernández' })).toBeVisible();
      await expect(returning.getByText('Ya tienes una contraseña', { exact: false })).toBeVisible();

      // The used link does not open it again; the lawyer sees the visit and the download.
      const other = await (await browser.newContext({ viewport: screen.viewport })).newPage();
      await other.goto(link);
      await expect(other.getByText('Este enlace ya se usó o venció. Pide uno nuevo con tu correo.')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('client-portal')).toContainText('última visita');
      // Her document is on the case, marked as received from her, and the bell says so.
      await page.getByRole('tab', { name: /Documentos/ }).click();
      await expect(page.getByTestId('document-card').filter({ hasText: 'Recibo de nómina.txt' })).toContainText('Recibido del cliente');
      await page.getByRole('button', { name: 'Notificaciones' }).click();
      await expect(page.getByText('Lucía Hernández envió «Recibo de nómina.txt»')).toBeVisible();
      await expect(page.getByText('Lucía Hernández te escribió en el portal')).toBeVisible();
      await expect(page.getByText('Pago en línea de $8,000.00 recibido')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.goto('/facturacion');
      await expect(page.getByTestId('invoice-row').filter({ hasText: 'Lucía Hernández' })).toContainText('Pagada');
      // Her message on the case's 'Portal' tab; the answer reaches her portal.
      await page.goto(caseUrl);
      await page.getByRole('tab', { name: 'Portal' }).click();
      // What she sent waits in 'Recibidos del cliente' until the lawyer marks it reviewed.
      const recibido = page.getByTestId('recibido').filter({ hasText: 'Recibo de nómina.txt' });
      await expect(recibido).toContainText('Por revisar');
      await expect(page.getByTestId('recibidos-cliente')).toContainText('1 por revisar');
      await recibido.getByRole('button', { name: 'Marcar como revisado' }).click();
      await expect(recibido).toContainText('Revisado');
      await expect(page.getByTestId('recibidos-cliente')).not.toContainText('1 por revisar');
      await expect(page.getByTestId('mensaje')).toContainText('¿Ya presentaron el convenio ante el juzgado?');
      await page.getByLabel('Escribe un mensaje').fill('Sí, el martes. Le aviso en cuanto lo acuerden.');
      await page.getByRole('button', { name: 'Enviar mensaje' }).click();
      await expect(page.getByTestId('mensaje')).toHaveCount(2);
      await page.screenshot({ path: test.info().outputPath('portal-mensajes-abogado.png'), fullPage: true });
      // She is on her invoices since paying: back to her case.
      await client.getByTestId('portal-caso').click();
      await expect(client.getByTestId('mensaje').nth(1)).toContainText('Sí, el martes.');
      await page.goto(clientUrl);

      // Suspended: her open page is refused at its next request.
      await page.getByTestId('client-portal').getByRole('button', { name: 'Suspender acceso' }).click();
      await expect(page.getByTestId('client-portal')).toContainText('Suspendido');
      await client.goto('/portal');
      await expect(client.getByRole('heading', { name: 'Entrar al portal' })).toBeVisible();
      // Asking for a link: the same answer whatever the address (a suspended one gets no mail).
      await client.getByRole('button', { name: 'Enviarme un enlace para entrar' }).click();
      await expect(client.getByText('Email inválido')).toBeVisible();
      await client.getByLabel('Tu correo').fill(clientEmail);
      await client.getByRole('button', { name: 'Enviarme un enlace para entrar' }).click();
      await expect(client.getByText('Si ese correo tiene acceso al portal, te enviamos un enlace para entrar.', { exact: false })).toBeVisible();
      await expectAccessible(client);
      await client.screenshot({ path: test.info().outputPath('portal-entrar.png'), fullPage: true });
      await context.close();
    });
  });
}

import { clientePortalApi, clientesApi, facturasApi, facturasCfdiApi, MSG, notificacionesApi, pagosEnLineaApi, portalApi, portalPagosApi, securityApi } from '@bufete/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakePac } from '../support/fake-pac';
import { startFakeStripe } from '../support/fake-stripe';
import type { HttpClient } from '../support/http-client';
import { linkIn } from '../support/mail';
import { satSchemaErrors } from '../support/sat-tools';
import { invoiceFor, lawyerReadyToStamp } from '../support/stamping';
import { serverWithTwoLawyers } from '../support/suite';

/**
 * Online payments from the portal (issue 38) against a fake Stripe written
 * from its public API reference (apps/server/test/support/fake-stripe.ts):
 * Bufete's real Stripe client opens the checkout, the fake's hosted page
 * takes the card or gives the OXXO voucher, and its signed webhooks reach
 * the real route. Each payment is written on its invoice once, whatever
 * arrives first and however often; a payment never confirmed changes nothing.
 */
const stripe = await startFakeStripe();
const pac = await startFakePac();
afterAll(async () => {
  await stripe.close();
  await pac.close();
});

const KEY = 'sk_test_51BufeteAlicia0000000000';

describe('Pagos en línea: Stripe (tarjeta y OXXO) desde el portal', () => {
  const suite = serverWithTwoLawyers({ env: { ...pac.env, STRIPE_API_URL: stripe.url } });

  /** The address Stripe posts to: the one the screen shows, on this test server's port. */
  async function webhookUrl(lawyer: HttpClient) {
    const shown = (await lawyer.call(pagosEnLineaApi.account)).json.webhook_url as string;
    return `${suite.ts.url}${new URL(shown).pathname}`;
  }

  /** What a lawyer does once: the key, the address registered in Stripe's dashboard, its signing secret, switched on. */
  async function paymentsOn(lawyer: HttpClient, key = KEY) {
    const secret = stripe.registerEndpoint(key, await webhookUrl(lawyer));
    const saved = await lawyer.call(pagosEnLineaApi.saveAccount, { body: { activo: true, clave_secreta: key, secreto_webhook: secret } });
    expect(saved.status, saved.text).toBe(200);
    return secret;
  }

  /** A client invited and signed in through the link of the email, as their browser would. */
  async function signedIn(lawyer: HttpClient, clienteId: string, email: string) {
    const before = await suite.ts.mail.count(email);
    expect((await lawyer.call(clientePortalApi.invite, { params: { id: clienteId } })).status).toBe(200);
    const mail = await suite.ts.mail.waitFor(email, /portal/, { after: before });
    const browser = suite.ts.client();
    expect((await browser.call(portalApi.signIn, { body: { token: linkIn(mail, '/portal/entrar').hash.slice(1) } })).status).toBe(200);
    return browser;
  }

  async function clientWithInvoice(lawyer: HttpClient, nombre: string, email: string, monto = '5000') {
    const cliente = (await lawyer.call(clientesApi.create, { body: { nombre, email } })).json.cliente as { id: string };
    const factura = (
      await lawyer.call(facturasApi.create, { body: { cliente_id: cliente.id, concepto: 'Honorarios', fecha_emision: '2026-11-20', calculo_automatico: false, monto } })
    ).json.factura as { id: string; numero_factura: string };
    return { cliente, factura, browser: await signedIn(lawyer, cliente.id, email) };
  }

  /** 'Pagar': the checkout Bufete opened in Stripe for it. */
  async function startPayment(browser: HttpClient, facturaId: string) {
    const started = await browser.call(portalPagosApi.start, { params: { id: facturaId } });
    expect(started.status, started.text).toBe(201);
    const sessionId = new URL(started.json.url).pathname.split('/').at(-1)!;
    const session = stripe.session(sessionId)!;
    const pagoId = new URL(session.success_url).pathname.split('/').at(-1)!;
    return { url: started.json.url as string, session, pagoId };
  }

  /** The invoice as the lawyer's detail shows it: its figures, payments and CFDI. */
  const invoice = async (lawyer: HttpClient, id: string) => {
    const json = (await lawyer.call(facturasApi.get, { params: { id } })).json;
    return { ...json.factura, pagos: json.pagos, cfdis: json.cfdis };
  };

  it('the setting is off by default, checks the key with Stripe, needs the signing secret to switch on, and is each lawyer’s own', async () => {
    const { factura, browser } = await clientWithInvoice(suite.alice, 'Carla Núñez', 'carla@cliente.mx');
    const initial = (await suite.alice.call(pagosEnLineaApi.account)).json;
    expect(initial.cuenta).toBeNull();
    expect(initial.webhook_url).toMatch(/\/api\/pagos-en-linea\/[0-9a-f-]{36}\/webhook$/);
    expect(initial.eventos).toContain('checkout.session.async_payment_succeeded');
    // Off: the portal offers no 'Pagar', and asking for it anyway is refused in Spanish.
    expect((await browser.call(portalApi.invoices)).json.pago_en_linea).toBe(false);
    const off = await browser.call(portalPagosApi.start, { params: { id: factura.id } });
    expect(off.status).toBe(409);
    expect(off.json.error.message).toBe(MSG.pagos.noDisponible);

    const malformed = await suite.alice.call(pagosEnLineaApi.saveAccount, { body: { activo: false, clave_secreta: 'pk_test_publica' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({ field: 'clave_secreta', message: MSG.pagos.claveInvalida });
    // Stripe's keys may carry underscores after their prefix: such a key is asked of Stripe, not refused as malformed.
    const underscored = await suite.alice.call(pagosEnLineaApi.saveAccount, { body: { activo: false, clave_secreta: 'sk_test_51Nq8_rechazada_0000' } });
    expect(underscored.json.error?.message).not.toBe(MSG.pagos.claveInvalida);
    const refused = await suite.alice.call(pagosEnLineaApi.saveAccount, { body: { activo: false, clave_secreta: 'sk_test_rechazada000000' } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ field: 'clave_secreta', message: MSG.pagos.claveRechazada });
    const withoutSecret = await suite.alice.call(pagosEnLineaApi.saveAccount, { body: { activo: true, clave_secreta: KEY } });
    expect(withoutSecret.status).toBe(400);
    expect(withoutSecret.json.error).toMatchObject({ field: 'secreto_webhook', message: MSG.pagos.secretoObligatorio });
    // Saved with the optional secret left blank, off: the key is kept sealed, shown only by its end.
    const keyOnly = await suite.alice.call(pagosEnLineaApi.saveAccount, { body: { activo: false, clave_secreta: KEY, secreto_webhook: '' } });
    expect(keyOnly.status, keyOnly.text).toBe(200);
    expect(keyOnly.json.cuenta).toMatchObject({ activo: false, modo: 'pruebas', clave_fin: '0000', con_secreto_webhook: false });
    expect(keyOnly.text).not.toContain(KEY);
    expect((await suite.bob.call(pagosEnLineaApi.account)).json.cuenta).toBeNull();
    expect((await suite.bob.call(pagosEnLineaApi.account)).json.webhook_url).not.toBe(initial.webhook_url);

    // Switched on with the secret (the key left blank keeps the saved one).
    const secret = stripe.registerEndpoint(KEY, await webhookUrl(suite.alice));
    const on = await suite.alice.call(pagosEnLineaApi.saveAccount, { body: { activo: true, clave_secreta: '', secreto_webhook: secret } });
    expect(on.status, on.text).toBe(200);
    expect(on.json.cuenta).toMatchObject({ activo: true, con_secreto_webhook: true });
    expect((await browser.call(portalApi.invoices)).json.pago_en_linea).toBe(true);
    const trail = (await suite.alice.call(securityApi.history, { query: { entidad: 'cuenta' } })).json.items.map((item: { resumen: string }) => item.resumen);
    expect(trail).toContain('Pagos en línea (Stripe, pruebas, clave …0000): activos');
    // A lawyer's session opens no portal payment.
    expect((await suite.alice.call(portalPagosApi.start, { params: { id: factura.id } })).status).toBe(401);
  });

  it('a card payment confirmed by the webhook before the browser returns is recorded once, however often Stripe sends it', async () => {
    const { factura, browser } = await clientWithInvoice(suite.alice, 'Diego Salas', 'diego@cliente.mx', '5000');
    const { session, pagoId } = await startPayment(browser, factura.id);
    // Stripe's page: the invoice's balance in pesos, card and OXXO, the client's address, back to the portal.
    expect(session).toMatchObject({ amount_total: 500000, currency: 'mxn', customer_email: 'diego@cliente.mx', client_reference_id: pagoId, locale: 'es-419' });
    expect(session.payment_method_types).toEqual(['card', 'oxxo']);
    expect(session.line_items[0]!.name).toBe(`Factura ${factura.numero_factura}`);
    expect(session.success_url).toMatch(new RegExp(`/portal/pagos/${pagoId}$`));
    // A second tap opens the same checkout.
    expect((await browser.call(portalPagosApi.start, { params: { id: factura.id } })).json.url).toBe(session.url);

    const { redirect } = await stripe.pay(session.id, 'credit');
    const completed = stripe
      .deliveries()
      .filter((delivery) => delivery.type === 'checkout.session.completed')
      .at(-1)!;
    expect(completed.status).toBe(200);
    // The browser arrives after: the payment is there.
    expect(redirect).toBe(session.success_url);
    const pago = (await browser.call(portalPagosApi.get, { params: { id: pagoId } })).json.pago;
    expect(pago).toMatchObject({ estado: 'pagado', metodo: 'card', monto: '5000.00', factura: { id: factura.id, numero_factura: factura.numero_factura } });
    let detail = await invoice(suite.alice, factura.id);
    expect(detail).toMatchObject({ estado: 'pagada', monto_pagado: '5000.00' });
    expect(detail.pagos).toHaveLength(1);
    expect(detail.pagos[0]).toMatchObject({ monto: '5000.00', forma_pago: '04' });

    // The same event again (Stripe retries), and again: one payment.
    expect(await stripe.redeliver(completed.event)).toBe(200);
    expect(await stripe.redeliver(completed.event)).toBe(200);
    detail = await invoice(suite.alice, factura.id);
    expect(detail.pagos).toHaveLength(1);
    expect(detail.monto_pagado).toBe('5000.00');

    // The lawyer is told, and the trail says how it was paid.
    const notices = (await suite.alice.call(notificacionesApi.list)).json.items as { titulo: string; enlace: string }[];
    const bell = notices.map((item) => item.titulo);
    expect(bell.filter((titulo: string) => titulo === 'Pago en línea de $5,000.00 recibido')).toHaveLength(1);
    // It takes the lawyer to the invoice on a page the web has: 'Facturación', searched by its number.
    expect(notices.find((item) => item.titulo === 'Pago en línea de $5,000.00 recibido')!.enlace).toBe(`/facturacion?q=${encodeURIComponent(detail.numero_factura)}`);
    const trail = (await suite.alice.call(securityApi.history, { query: { entidad: 'factura' } })).json.items.map((item: { resumen: string }) => item.resumen);
    expect(trail.some((resumen: string) => resumen.startsWith('Pago en línea con tarjeta de $5,000.00 recibido') && resumen.includes('(Tarjeta de crédito)'))).toBe(true);
    // Nothing left to pay: no second checkout.
    const again = await browser.call(portalPagosApi.start, { params: { id: factura.id } });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(MSG.pagos.nadaQuePagar);
    const listed = (await browser.call(portalApi.invoices)).json.items.find((item: { id: string }) => item.id === factura.id);
    expect(listed).toMatchObject({ estado: 'pagada', saldo: '0.00' });
  });

  it('when the browser returns before the webhook, the return asks Stripe and records it; the late webhook adds nothing', async () => {
    const { factura, browser } = await clientWithInvoice(suite.alice, 'Elena Vidal', 'elena@cliente.mx', '1800');
    const { session, pagoId } = await startPayment(browser, factura.id);
    stripe.holdEvents(true);
    try {
      await stripe.pay(session.id, 'debit');
      const pago = (await browser.call(portalPagosApi.get, { params: { id: pagoId } })).json.pago;
      expect(pago).toMatchObject({ estado: 'pagado', metodo: 'card' });
    } finally {
      stripe.holdEvents(false);
    }
    await stripe.flush();
    expect(stripe.deliveries().at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    const detail = await invoice(suite.alice, factura.id);
    expect(detail.estado).toBe('pagada');
    expect(detail.pagos).toHaveLength(1);
    // A debit card is the SAT's 28.
    expect(detail.pagos[0].forma_pago).toBe('28');
  });

  it('a declined card changes nothing; the checkout that expires unused changes nothing; the client can pay again', async () => {
    const { factura, browser } = await clientWithInvoice(suite.alice, 'Fabián Ortiz', 'fabian@cliente.mx', '2500');
    const { session, pagoId } = await startPayment(browser, factura.id);
    const events = stripe.events().length;
    expect((await stripe.pay(session.id, 'declined')).redirect).toBeNull();
    expect(stripe.events()).toHaveLength(events);
    expect((await browser.call(portalPagosApi.get, { params: { id: pagoId } })).json.pago.estado).toBe('abierto');
    expect(await invoice(suite.alice, factura.id)).toMatchObject({ estado: 'pendiente', monto_pagado: '0.00' });

    await stripe.expire(session.id);
    expect(stripe.deliveries().at(-1)).toMatchObject({ type: 'checkout.session.expired', status: 200 });
    expect((await browser.call(portalPagosApi.get, { params: { id: pagoId } })).json.pago.estado).toBe('expirado');
    const after = await invoice(suite.alice, factura.id);
    expect(after).toMatchObject({ estado: 'pendiente', monto_pagado: '0.00' });
    expect(after.pagos).toHaveLength(0);
    // A new checkout, paid this time.
    const second = await startPayment(browser, factura.id);
    expect(second.session.id).not.toBe(session.id);
    await stripe.pay(second.session.id, 'credit');
    expect((await invoice(suite.alice, factura.id)).estado).toBe('pagada');
  });

  it('an OXXO voucher waits (no second payment is offered meanwhile) and is recorded as cash when it is paid days later; an expired one changes nothing', async () => {
    const { factura, browser } = await clientWithInvoice(suite.alice, 'Gabriela Soto', 'gabriela@cliente.mx', '3200');
    const { session, pagoId } = await startPayment(browser, factura.id);
    await stripe.pay(session.id, 'oxxo');
    const waiting = (await browser.call(portalPagosApi.get, { params: { id: pagoId } })).json.pago;
    expect(waiting).toMatchObject({ estado: 'en_espera', metodo: 'oxxo', monto: '3200.00' });
    expect(waiting.ficha_url).toMatch(/\/voucher\//);
    expect(new Date(waiting.ficha_vence).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    expect(await invoice(suite.alice, factura.id)).toMatchObject({ estado: 'pendiente', monto_pagado: '0.00' });
    const listed = (await browser.call(portalApi.invoices)).json.items.find((item: { id: string }) => item.id === factura.id);
    expect(listed.ficha).toMatchObject({ id: pagoId, estado: 'en_espera' });
    const twice = await browser.call(portalPagosApi.start, { params: { id: factura.id } });
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe(MSG.pagos.fichaPendiente);

    // Paid at the store: Stripe's async_payment_succeeded.
    await stripe.payVoucher(session.id);
    expect(stripe.deliveries().at(-1)).toMatchObject({ type: 'checkout.session.async_payment_succeeded', status: 200 });
    const paid = await invoice(suite.alice, factura.id);
    expect(paid).toMatchObject({ estado: 'pagada', monto_pagado: '3200.00' });
    expect(paid.pagos).toEqual([expect.objectContaining({ monto: '3200.00', forma_pago: '01' })]);
    // The completed event sent again, after the payment: the state never goes back.
    const completed = stripe.events().filter((event) => event.type === 'checkout.session.completed' && event.body.includes(session.id))[0]!;
    expect(await stripe.redeliver(completed.id)).toBe(200);
    expect((await browser.call(portalPagosApi.get, { params: { id: pagoId } })).json.pago.estado).toBe('pagado');

    // Another voucher that expires unpaid.
    const other = await clientWithInvoice(suite.alice, 'Hugo Beltrán', 'hugo@cliente.mx', '900');
    const unpaid = await startPayment(other.browser, other.factura.id);
    await stripe.pay(unpaid.session.id, 'oxxo');
    await stripe.expireVoucher(unpaid.session.id);
    expect((await other.browser.call(portalPagosApi.get, { params: { id: unpaid.pagoId } })).json.pago.estado).toBe('fallido');
    expect(await invoice(suite.alice, other.factura.id)).toMatchObject({ estado: 'pendiente', monto_pagado: '0.00' });
    expect((await other.browser.call(portalPagosApi.start, { params: { id: other.factura.id } })).status).toBe(201);
  });

  it('a payment that arrives after the invoice was paid by other means is not counted twice: the lawyer is told to refund it', async () => {
    const { factura, browser } = await clientWithInvoice(suite.alice, 'Laura Ibarra', 'laura@cliente.mx', '1200');
    const { session, pagoId } = await startPayment(browser, factura.id);
    // Meanwhile the client paid by transfer and the lawyer recorded it.
    const manual = await suite.alice.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada', forma_pago: '03' } });
    expect(manual.status, manual.text).toBe(200);
    await stripe.pay(session.id, 'credit');
    const detail = await invoice(suite.alice, factura.id);
    expect(detail).toMatchObject({ estado: 'pagada', monto_pagado: '1200.00' });
    expect(detail.pagos).toEqual([expect.objectContaining({ forma_pago: '03' })]);
    expect((await browser.call(portalPagosApi.get, { params: { id: pagoId } })).json.pago.estado).toBe('pagado');
    const bell = (await suite.alice.call(notificacionesApi.list)).json.items.map((item: { titulo: string }) => item.titulo);
    expect(bell).toContain('Pago en línea de $1,200.00 sin aplicar');
  });

  it('a refund or a dispute made at Stripe reaches the lawyer once (bell, trail), and the recorded payment is left for them to adjust', async () => {
    const { factura, browser } = await clientWithInvoice(suite.alice, 'Rocío Beltrán', 'rocio@cliente.mx', '3000');
    const { session } = await startPayment(browser, factura.id);
    await stripe.pay(session.id, 'credit');
    const titles = async () => (await suite.alice.call(notificacionesApi.list)).json.items.map((item: { titulo: string; detalle: string }) => `${item.titulo} · ${item.detalle}`);
    const trail = async () => (await suite.alice.call(securityApi.history, { query: { entidad: 'factura' } })).json.items.map((item: { resumen: string }) => item.resumen);

    // Part of it given back from Stripe's Dashboard, then the rest; each told once, however often Stripe sends it.
    await stripe.refund(session.id, 100000);
    const first = stripe.deliveries().at(-1)!;
    expect(first).toMatchObject({ type: 'charge.refunded', status: 200 });
    expect(await stripe.redeliver(first.event)).toBe(200);
    await stripe.refund(session.id, 200000);
    const bell = await titles();
    expect(bell.filter((line: string) => line.startsWith('Stripe devolvió $1,000.00 de un pago en línea'))).toHaveLength(1);
    expect(bell).toContain(
      `Stripe devolvió $2,000.00 de un pago en línea · ${factura.numero_factura}: Bufete no cambió el pago registrado. Ajústalo y, si la factura está timbrada, emite una nota de crédito (devolución).`,
    );
    expect(await trail()).toContain(
      `Stripe devolvió $2,000.00 del pago en línea de $3,000.00 de ${factura.numero_factura} (devuelto en total: $3,000.00); el pago registrado en la factura no cambió`,
    );
    // The money on the invoice is the lawyer's call (a stamped CFDI needs a credit note): unchanged.
    expect(await invoice(suite.alice, factura.id)).toMatchObject({ estado: 'pagada', monto_pagado: '3000.00' });

    // A dispute: opened, with the day to answer by on the lawyer's clock (Mexico City), then lost.
    const other = await clientWithInvoice(suite.alice, 'Óscar Lara', 'oscar@cliente.mx', '800');
    const disputed = await startPayment(other.browser, other.factura.id);
    await stripe.pay(disputed.session.id, 'credit');
    await stripe.dispute(disputed.session.id, 'needs_response', new Date('2026-12-09T03:00:00Z'));
    await stripe.redeliver(stripe.deliveries().at(-1)!.event);
    await stripe.dispute(disputed.session.id, 'lost');
    const after = await titles();
    expect(after.filter((line: string) => line.startsWith('Disputa de un pago en línea de $800.00'))).toEqual([
      `Disputa de un pago en línea de $800.00 · ${other.factura.numero_factura}: el banco del cliente disputa el cargo. Responde en Stripe a más tardar el 08/12/2026.`,
    ]);
    expect(after.some((line: string) => line.startsWith('Disputa perdida: el banco devolvió $800.00 al cliente'))).toBe(true);
    expect(await trail()).toContain(`Disputa perdida: el banco devolvió $800.00 al cliente (${other.factura.numero_factura})`);

    // Another lawyer's account, its webhook signed with its own secret, naming Alice's payment: nothing of Alice's changes.
    const bobSecret = 'whsec_delDespachoDeRoberto0000000';
    const bobOn = await suite.bob.call(pagosEnLineaApi.saveAccount, { body: { activo: true, clave_secreta: 'sk_test_51BufeteRoberto000000000', secreto_webhook: bobSecret } });
    expect(bobOn.status, bobOn.text).toBe(200);
    const alicesIntent = stripe.session(disputed.session.id)!.payment_intent!;
    const foreign = JSON.stringify({
      id: 'evt_de_otra_cuenta',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_ajeno', object: 'charge', amount: 80000, amount_refunded: 80000, currency: 'mxn', payment_intent: alicesIntent, refunded: true } },
    });
    const delivered = await fetch(await webhookUrl(suite.bob), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(foreign, bobSecret) },
      body: foreign,
    });
    expect(delivered.status).toBe(200);
    // Alice's completed checkout, sent to Bob's address signed with Bob's secret: his Stripe account does not have it. Ignored, not a 502 Stripe would retry for days.
    const completedElsewhere = JSON.stringify({
      id: 'evt_checkout_ajeno',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...stripe.session(disputed.session.id)!, object: 'checkout.session' } },
    });
    const ignored = await fetch(await webhookUrl(suite.bob), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(completedElsewhere, bobSecret) },
      body: completedElsewhere,
    });
    expect(ignored.status).toBe(200);
    expect((await titles()).filter((line: string) => line.startsWith('Stripe devolvió $800.00'))).toEqual([]);
    expect((await trail()).filter((line: string) => line.includes(`Stripe devolvió $800.00 del pago en línea de $800.00 de ${other.factura.numero_factura}`))).toEqual([]);
    expect((await suite.bob.call(notificacionesApi.list)).json.items).toEqual([]);
  });

  it('a webhook without a valid signature is refused and records nothing: a forged secret, an old timestamp, no header, another body', async () => {
    const { factura, browser } = await clientWithInvoice(suite.alice, 'Irene Campos', 'irene@cliente.mx', '1500');
    const secret = await paymentsOn(suite.alice);
    const { session } = await startPayment(browser, factura.id);
    const url = await webhookUrl(suite.alice);
    const paidSession = { ...session, key: undefined, status: 'complete', payment_status: 'paid', payment_intent: 'pi_falso' };
    const body = JSON.stringify({ id: 'evt_forjado', object: 'event', type: 'checkout.session.completed', data: { object: paidSession } });
    const post = (headers: Record<string, string>, payload = body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

    const forged = await post({ 'stripe-signature': stripe.sign(body, 'whsec_no_es_el_secreto_de_la_cuenta') });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(MSG.pagos.firmaInvalida);
    expect((await post({ 'stripe-signature': stripe.sign(body, secret, Math.floor(Date.now() / 1000) - 600) })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect((await post({ 'stripe-signature': stripe.sign(body, secret) }, body.replace('150000', '1'))).status).toBe(400);
    expect((await post({ 'stripe-signature': 't=abc,v1=zz' })).status).toBe(400);
    expect((await post({ 'stripe-signature': stripe.sign('no es JSON', secret) }, 'no es JSON')).status).toBe(400);
    // An address no account has; a body over the limit.
    expect((await fetch(url.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000'), { method: 'POST', body })).status).toBe(404);
    const huge = 'x'.repeat(300 * 1024);
    expect((await post({ 'stripe-signature': stripe.sign(huge, secret) }, huge)).status).toBe(413);
    expect(await invoice(suite.alice, factura.id)).toMatchObject({ estado: 'pendiente', monto_pagado: '0.00' });
  });

  it('a PPD invoice with a CFDI paid online gets its payment complement stamped, valid for the SAT, with the card’s form', async () => {
    const { cliente } = await lawyerReadyToStamp(suite.bob);
    await paymentsOn(suite.bob, 'sk_test_51BufeteRoberto000000000');
    const factura = await invoiceFor(suite.bob, cliente.id, '10000');
    const ingreso = (await suite.bob.call(facturasCfdiApi.stamp, { params: { id: factura.id } })).json.cfdi;
    expect(ingreso.metodo_pago).toBe('PPD');
    const browser = await signedIn(suite.bob, cliente.id, 'contabilidad@kemper.mx');
    const { session } = await startPayment(browser, factura.id);
    // What is owed after IVA and the retentions.
    expect(session.amount_total).toBe(953333);
    await stripe.pay(session.id, 'debit');
    const detail = await invoice(suite.bob, factura.id);
    expect(detail).toMatchObject({ estado: 'pagada', monto_pagado: '9533.33' });
    const complemento = detail.cfdis.find((item: { tipo: string }) => item.tipo === 'P');
    expect(complemento).toMatchObject({ estado: 'vigente', pago_id: detail.pagos[0].id });
    const xml = (await suite.bob.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: complemento.id } })).text;
    expect(satSchemaErrors(xml)).toBeNull();
    for (const text of [`IdDocumento="${ingreso.uuid}"`, 'ImpPagado="9533.33"', 'ImpSaldoInsoluto="0.00"', 'FormaDePagoP="28"']) expect(xml).toContain(text);
    // The client downloads the invoice's CFDI from the portal: the XML the SAT holds.
    const cfdiXml = await browser.download(`/api/portal/facturas/${factura.id}/xml`);
    expect(cfdiXml.status).toBe(200);
    expect(cfdiXml.bytes.toString()).toContain(`UUID="${ingreso.uuid}"`);
    expect(satSchemaErrors(cfdiXml.bytes.toString())).toBeNull();
  });

  it('another client’s invoice or payment is not theirs; checkouts are bounded per access', async () => {
    const a = await clientWithInvoice(suite.alice, 'Julia Mena', 'julia@cliente.mx', '700');
    const b = await clientWithInvoice(suite.alice, 'Karla Pino', 'karla@cliente.mx', '700');
    const { pagoId } = await startPayment(a.browser, a.factura.id);
    expect((await b.browser.call(portalPagosApi.start, { params: { id: a.factura.id } })).status).toBe(404);
    expect((await b.browser.call(portalPagosApi.get, { params: { id: pagoId } })).status).toBe(404);
    // An invoice without a CFDI has no XML; another client's is not theirs.
    expect((await a.browser.download(`/api/portal/facturas/${a.factura.id}/xml`)).status).toBe(404);
    expect((await b.browser.download(`/api/portal/facturas/${a.factura.id}/xml`)).status).toBe(404);
    // Ten checkouts per access in ten minutes (each one is a call to Stripe): the eleventh is refused in Spanish.
    for (let index = 0; index < 9; index++) expect((await b.browser.call(portalPagosApi.start, { params: { id: b.factura.id } })).status).toBe(201);
    const limited = await b.browser.call(portalPagosApi.start, { params: { id: b.factura.id } });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe(MSG.pagos.demasiadosPagos);
  });
});

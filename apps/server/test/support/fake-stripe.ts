import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe, written from its public API reference, so
 * Bufete's real Stripe client runs against it:
 * - GET /v1/checkout/sessions?limit=1, POST /v1/checkout/sessions (form
 *   encoded, `Idempotency-Key` honoured), GET /v1/checkout/sessions/:id,
 *   GET /v1/payment_intents/:id (expand[]=latest_charge), and
 *   POST /v1/webhook_endpoints (gives the endpoint's `whsec_` secret, as the
 *   dashboard does when a lawyer registers the address).
 * - The hosted Checkout page (GET /c/pay/:id): pay by card (credit, debit,
 *   or one that is declined and stays on the page) or get an OXXO voucher,
 *   then back to success_url, as Stripe does.
 * - Events signed as Stripe signs them (`Stripe-Signature: t=…,v1=…`) sent
 *   to the registered endpoints: checkout.session.completed (paid, or unpaid
 *   for OXXO), checkout.session.async_payment_succeeded / _failed, and
 *   checkout.session.expired. Tests hold them back, send them again, or
 *   forge one.
 * A key containing 'rechazada' is refused (401), as a revoked key is.
 */

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  key: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string;
  locale: string | null;
  line_items: { name: string; unit_amount: number; quantity: number }[];
  oxxo_expires_after_days: number | null;
}

interface FakeIntent {
  id: string;
  status: 'requires_action' | 'succeeded' | 'canceled';
  method: 'card' | 'oxxo';
  funding: 'credit' | 'debit' | null;
  voucher: { url: string; expires_after: number } | null;
  /** Centavos given back so far. */
  refunded?: number;
}

export interface FakeEvent {
  id: string;
  type: string;
  body: string;
  key: string;
}

export interface Delivery {
  event: string;
  type: string;
  status: number;
}

export interface FakeStripe {
  url: string;
  close(): Promise<void>;
  sessions(): FakeSession[];
  session(id: string): FakeSession | undefined;
  /** Every delivery of an event and the status it got. */
  deliveries(): Delivery[];
  events(): FakeEvent[];
  /** Events are kept back until `flush` (the browser returns before the webhook). */
  holdEvents(hold: boolean): void;
  flush(): Promise<void>;
  /** Sends an event again, signed anew (Stripe retries and duplicates this way). */
  redeliver(eventId: string): Promise<number>;
  /** The client pays on the hosted page: card, a declined card, or an OXXO voucher. */
  pay(sessionId: string, how: 'credit' | 'debit' | 'declined' | 'oxxo'): Promise<{ redirect: string | null }>;
  /** The OXXO voucher is paid at a store (days later) or expires unpaid. */
  payVoucher(sessionId: string): Promise<void>;
  expireVoucher(sessionId: string): Promise<void>;
  /** The checkout expires unused (24 h later). */
  expire(sessionId: string): Promise<void>;
  /** The lawyer gives back part or all of a paid session's money from the Dashboard: `charge.refunded`. */
  refund(sessionId: string, centavos: number): Promise<void>;
  /** The client's bank disputes a paid session's charge, or the dispute ends: `charge.dispute.created` / `.closed`. */
  dispute(sessionId: string, status: 'needs_response' | 'won' | 'lost' | 'warning_closed', dueBy?: Date): Promise<void>;
  /** The secret of the endpoint registered for a key and address (as the dashboard shows it). */
  registerEndpoint(key: string, url: string): string;
  /** Signs a body with a secret the way Stripe does, at a given time. */
  sign(body: string, secret: string, at?: number): string;
  calls: { create: number; retrieve: number; intents: number };
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, FakeIntent>();
  const idempotency = new Map<string, string>();
  const endpoints: { key: string; url: string; secret: string }[] = [];
  const events: FakeEvent[] = [];
  const deliveries: Delivery[] = [];
  const held: FakeEvent[] = [];
  let hold = false;
  const calls = { create: 0, retrieve: 0, intents: 0 };
  let base = '';

  const sign = (body: string, secret: string, at = Math.floor(Date.now() / 1000)) => `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;

  function sessionJson(session: FakeSession) {
    const { key: _key, line_items: _items, oxxo_expires_after_days: _days, ...json } = session;
    return json;
  }

  function intentJson(intent: FakeIntent, expand: boolean) {
    return {
      id: intent.id,
      object: 'payment_intent',
      status: intent.status,
      payment_method_types: [intent.method],
      next_action:
        intent.method === 'oxxo' && intent.status === 'requires_action' && intent.voucher
          ? {
              type: 'oxxo_display_details',
              oxxo_display_details: { expires_after: intent.voucher.expires_after, hosted_voucher_url: intent.voucher.url, number: '12345678901234657890123456789012' },
            }
          : null,
      latest_charge:
        intent.status === 'succeeded'
          ? expand
            ? {
                id: `ch_${intent.id.slice(3)}`,
                object: 'charge',
                payment_method_details:
                  intent.method === 'card' ? { type: 'card', card: { brand: 'visa', funding: intent.funding, last4: '4242' } } : { type: 'oxxo', oxxo: { number: '1234' } },
              }
            : `ch_${intent.id.slice(3)}`
          : null,
    };
  }

  async function deliver(event: FakeEvent): Promise<void> {
    for (const endpoint of endpoints.filter((candidate) => candidate.key === event.key)) {
      let status = 0;
      try {
        const response = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': sign(event.body, endpoint.secret),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: event.body,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      deliveries.push({ event: event.id, type: event.type, status });
    }
  }

  async function emit(session: FakeSession, type: string, object: unknown = sessionJson(session)): Promise<void> {
    const body = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2025-03-31.basil',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object },
    });
    const event = { id: JSON.parse(body).id as string, type, body, key: session.key };
    events.push(event);
    if (hold) held.push(event);
    else await deliver(event);
  }

  async function pay(sessionId: string, how: 'credit' | 'debit' | 'declined' | 'oxxo'): Promise<{ redirect: string | null }> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`La sesión ${sessionId} no está abierta`);
    // A declined card is told on Stripe's page: the session stays open and nothing is sent.
    if (how === 'declined') return { redirect: null };
    if (how === 'oxxo' && !session.payment_method_types.includes('oxxo')) throw new Error('OXXO no se ofreció en esta sesión');
    const intent: FakeIntent = {
      id: id('pi'),
      status: how === 'oxxo' ? 'requires_action' : 'succeeded',
      method: how === 'oxxo' ? 'oxxo' : 'card',
      funding: how === 'oxxo' ? null : how,
      voucher: how === 'oxxo' ? { url: `${base}/voucher/${session.id}`, expires_after: Math.floor(Date.now() / 1000) + (session.oxxo_expires_after_days ?? 3) * 86_400 } : null,
    };
    intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    session.status = 'complete';
    session.payment_status = how === 'oxxo' ? 'unpaid' : 'paid';
    await emit(session, 'checkout.session.completed');
    return { redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  async function settleVoucher(sessionId: string, paid: boolean) {
    const session = sessions.get(sessionId)!;
    const intent = intents.get(session.payment_intent!)!;
    intent.status = paid ? 'succeeded' : 'canceled';
    if (paid) session.payment_status = 'paid';
    await emit(session, paid ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed');
  }

  function keyOf(request: IncomingMessage): string | null {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    return match?.[1] ?? null;
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  const stripeError = (response: ServerResponse, status: number, message: string, type = 'invalid_request_error') => send(response, status, { error: { type, message } });

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function page(session: FakeSession, notice: string | null) {
    const amount = (session.amount_total / 100).toFixed(2);
    const item = session.line_items[0]?.name ?? '';
    const oxxo = session.payment_method_types.includes('oxxo') ? `<form method="post"><input type="hidden" name="how" value="oxxo"><button>Generar ficha OXXO</button></form>` : '';
    return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Stripe Checkout (prueba)</title></head>
<body><main><h1>Pagar a tu abogado</h1><p>${item.replace(/</g, '&lt;')}</p><p>MXN ${amount}</p>${notice ? `<p role="alert">${notice}</p>` : ''}
<form method="post"><input type="hidden" name="how" value="credit"><button>Pagar con tarjeta de crédito</button></form>
<form method="post"><input type="hidden" name="how" value="debit"><button>Pagar con tarjeta de débito</button></form>
<form method="post"><input type="hidden" name="how" value="declined"><button>Pagar con tarjeta rechazada</button></form>
${oxxo}<p><a href="${session.cancel_url}">Volver</a></p></main></body></html>`;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const path = url.pathname;
      if (path === '/health') return send(response, 200, { ok: true });

      // The hosted page and the voucher: what the client's browser sees.
      const hosted = /^\/c\/pay\/([\w]+)$/.exec(path);
      if (hosted) {
        const session = sessions.get(hosted[1]!);
        if (!session) return stripeError(response, 404, 'No such checkout session');
        if (request.method === 'GET') {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return response.end(page(session, null));
        }
        const how = new URLSearchParams(await readBody(request)).get('how') as 'credit' | 'debit' | 'declined' | 'oxxo';
        const { redirect } = await pay(session.id, how);
        if (!redirect) {
          response.writeHead(402, { 'content-type': 'text/html; charset=utf-8' });
          return response.end(page(session, 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.'));
        }
        response.writeHead(303, { location: redirect });
        return response.end();
      }
      if (/^\/voucher\//.test(path)) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end('<!doctype html><html lang="es"><body><h1>Ficha OXXO</h1></body></html>');
      }

      const key = keyOf(request);
      if (!key || !/^(sk|rk)_(test|live)_/.test(key) || key.includes('rechazada')) {
        return stripeError(response, 401, `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****` : 'none'}`);
      }

      if (path === '/v1/checkout/sessions' && request.method === 'GET') {
        return send(response, 200, {
          object: 'list',
          data: [...sessions.values()]
            .filter((session) => session.key === key)
            .slice(0, 1)
            .map(sessionJson),
          has_more: false,
        });
      }
      if (path === '/v1/checkout/sessions' && request.method === 'POST') {
        calls.create++;
        const idem = request.headers['idempotency-key'];
        const form = new URLSearchParams(await readBody(request));
        if (typeof idem === 'string' && idempotency.has(`${key}:${idem}`)) return send(response, 200, sessionJson(sessions.get(idempotency.get(`${key}:${idem}`)!)!));
        const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
        const currency = form.get('line_items[0][price_data][currency]');
        const types = form.getAll('payment_method_types[]');
        if (form.get('mode') !== 'payment') return stripeError(response, 400, 'Missing required param: mode.');
        if (!Number.isInteger(amount) || amount < 1000) return stripeError(response, 400, "The Checkout Session's total amount due must add up to at least $10.00 mxn");
        if (currency !== 'mxn') return stripeError(response, 400, 'Currency not supported');
        if (types.includes('oxxo') && amount > 1_000_000) return stripeError(response, 400, 'OXXO amount too large');
        for (const required of ['success_url', 'cancel_url']) if (!form.get(required)) return stripeError(response, 400, `Missing required param: ${required}.`);
        const sessionId = id('cs_test');
        const session: FakeSession = {
          id: sessionId,
          object: 'checkout.session',
          key,
          amount_total: amount,
          currency: 'mxn',
          client_reference_id: form.get('client_reference_id'),
          customer_email: form.get('customer_email'),
          payment_intent: null,
          payment_method_types: types.length ? types : ['card'],
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url')!,
          cancel_url: form.get('cancel_url')!,
          url: `${base}/c/pay/${sessionId}`,
          locale: form.get('locale'),
          line_items: [{ name: form.get('line_items[0][price_data][product_data][name]') ?? '', unit_amount: amount, quantity: Number(form.get('line_items[0][quantity]') ?? 1) }],
          oxxo_expires_after_days: form.get('payment_method_options[oxxo][expires_after_days]') ? Number(form.get('payment_method_options[oxxo][expires_after_days]')) : null,
        };
        sessions.set(sessionId, session);
        if (typeof idem === 'string') idempotency.set(`${key}:${idem}`, sessionId);
        return send(response, 200, sessionJson(session));
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
      if (retrieve && request.method === 'GET') {
        calls.retrieve++;
        const session = sessions.get(retrieve[1]!);
        if (!session || session.key !== key) return stripeError(response, 404, `No such checkout session: '${retrieve[1]}'`);
        return send(response, 200, sessionJson(session));
      }
      const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
      if (intent && request.method === 'GET') {
        calls.intents++;
        const found = intents.get(intent[1]!);
        const owner = [...sessions.values()].find((session) => session.payment_intent === intent[1]);
        if (!found || owner?.key !== key) return stripeError(response, 404, `No such payment_intent: '${intent[1]}'`);
        return send(response, 200, intentJson(found, url.searchParams.getAll('expand[]').includes('latest_charge')));
      }
      if (path === '/v1/webhook_endpoints' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const secret = registerEndpoint(key, form.get('url') ?? '');
        return send(response, 200, { id: id('we'), object: 'webhook_endpoint', url: form.get('url'), enabled_events: form.getAll('enabled_events[]'), secret });
      }
      return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path})`);
    })().catch((error: unknown) => {
      if (!response.headersSent) stripeError(response, 500, String(error), 'api_error');
    });
  });

  function registerEndpoint(key: string, url: string): string {
    // Registering the same address again gives it a new secret (as rolling it in the dashboard does).
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const existing = endpoints.find((endpoint) => endpoint.key === key && endpoint.url === url);
    if (existing) existing.secret = secret;
    else endpoints.push({ key, url, secret });
    return secret;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    sessions: () => [...sessions.values()],
    session: (sessionId) => sessions.get(sessionId),
    deliveries: () => [...deliveries],
    events: () => [...events],
    holdEvents: (value) => {
      hold = value;
    },
    async flush() {
      const pending = held.splice(0);
      for (const event of pending) await deliver(event);
    },
    async redeliver(eventId) {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No hay evento ${eventId}`);
      await deliver(event);
      return deliveries.at(-1)!.status;
    },
    pay,
    payVoucher: (sessionId) => settleVoucher(sessionId, true),
    expireVoucher: (sessionId) => settleVoucher(sessionId, false),
    async refund(sessionId, centavos) {
      const session = sessions.get(sessionId)!;
      const intent = intents.get(session.payment_intent!)!;
      intent.refunded = (intent.refunded ?? 0) + centavos;
      // Stripe's Charge object, as `charge.refunded` carries it: what was refunded so far, in total.
      await emit(session, 'charge.refunded', {
        id: `ch_${intent.id.slice(3)}`,
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: intent.refunded,
        currency: session.currency,
        payment_intent: intent.id,
        refunded: intent.refunded >= (session.amount_total ?? 0),
      });
    },
    async dispute(sessionId, status, dueBy) {
      const session = sessions.get(sessionId)!;
      // Stripe's Dispute object, as `charge.dispute.*` carries it.
      await emit(session, ['won', 'lost', 'warning_closed'].includes(status) ? 'charge.dispute.closed' : 'charge.dispute.created', {
        id: `dp_${session.payment_intent!.slice(3)}`,
        object: 'dispute',
        amount: session.amount_total,
        currency: session.currency,
        charge: `ch_${session.payment_intent!.slice(3)}`,
        payment_intent: session.payment_intent,
        reason: 'fraudulent',
        status,
        evidence_details: { due_by: dueBy ? Math.floor(dueBy.getTime() / 1000) : null },
      });
    },
    async expire(sessionId) {
      const session = sessions.get(sessionId)!;
      session.status = 'expired';
      await emit(session, 'checkout.session.expired');
    },
    registerEndpoint,
    sign,
    calls,
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FormaPago } from '@bufete/shared';
import { type CheckoutRequest, type CheckoutResult, type CheckoutState, KeyRefused, NotInThisAccount, type PaymentProvider, ProviderUnavailable, WebhookRefused } from './provider';

/**
 * Stripe, from its public API reference: Checkout Sessions in `payment` mode
 * with `card` and `oxxo` in MXN, the Payment Intent for how it was paid, and
 * webhooks signed in the `Stripe-Signature` header (`t=…,v1=…`: HMAC-SHA256
 * of `${t}.${body}` with the endpoint's `whsec_` secret; Stripe's libraries
 * refuse a timestamp over 5 minutes old, and so do we).
 */

/** OXXO takes a voucher of 10 to 10,000 pesos (Stripe's OXXO guide); above, the page offers cards alone. */
export const OXXO_MIN_CENTAVOS = 10_00;
export const OXXO_MAX_CENTAVOS = 10_000_00;
/** Days an OXXO voucher stays payable (Stripe's default is 3). */
export const OXXO_DAYS = 3;
/** Stripe's own tolerance for a signature's timestamp. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const TIMEOUT_MS = 15_000;

/** The webhook events Bufete reads (the lawyer selects them when registering the address). */
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  // After the payment: money given back from the Dashboard, and chargebacks (Stripe's Charge and Dispute objects).
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
];

interface StripeCharge {
  object: 'charge';
  payment_intent: string | null;
  currency: string;
  amount_refunded: number;
}

interface StripeDispute {
  object: 'dispute';
  payment_intent: string | null;
  currency: string;
  amount: number;
  status: string;
  evidence_details?: { due_by?: number | null } | null;
}

/** A dispute's status, in our three words: Stripe's 'won' and a closed inquiry keep the money; 'lost' does not; the rest wait. */
function disputaDe(status: string): 'abierta' | 'ganada' | 'perdida' {
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'ganada';
  if (status === 'lost') return 'perdida';
  return 'abierta';
}

interface StripeSession {
  id: string;
  object: string;
  amount_total: number | null;
  currency: string | null;
  client_reference_id: string | null;
  payment_intent: string | { id: string } | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired' | null;
  url: string | null;
}

interface StripePaymentIntent {
  id: string;
  next_action?: { type?: string; oxxo_display_details?: { expires_after?: number; hosted_voucher_url?: string } } | null;
  latest_charge?: { payment_method_details?: { type?: string; card?: { funding?: string } } } | string | null;
  payment_method_types?: string[];
}

export function verifyStripeSignature(raw: Buffer, header: string | undefined, secret: string, nowSeconds: number): boolean {
  if (!header || header.length > 2048) return false;
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((piece) => piece.trim());
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
  return signatures.some((signature) => timingSafeEqual(signature, expected));
}

/** The SAT's form of a card payment: debit (and prepaid) cards are 28, credit and unknown ones 04. */
function cardForma(funding: string | undefined): FormaPago {
  return funding === 'debit' || funding === 'prepaid' ? '28' : '04';
}

export function createStripe(deps: { apiUrl: string; key: string; webhookSecret: string | null; now?: () => Date }): PaymentProvider {
  const now = deps.now ?? (() => new Date());

  async function request<T>(method: 'GET' | 'POST', path: string, form?: URLSearchParams, idempotencyKey?: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${deps.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${deps.key}`,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ProviderUnavailable('Stripe no respondió');
    }
    if (response.status === 401 || response.status === 403) throw new KeyRefused(`Stripe ${response.status}`);
    if (response.status === 404) throw new NotInThisAccount(`Stripe 404 ${path.split('?')[0]}`);
    const body = await response.json().catch(() => null);
    if (!response.ok || !body || typeof body !== 'object') throw new ProviderUnavailable(`Stripe ${response.status}`);
    return body as T;
  }

  async function stateOf(session: StripeSession, failed: boolean): Promise<CheckoutState> {
    const base = {
      id: session.id,
      referencia: session.client_reference_id,
      centavos: session.amount_total ?? 0,
      moneda: (session.currency ?? '').toLowerCase(),
    };
    let resultado: CheckoutResult = 'abierto';
    if (session.status === 'expired') resultado = 'expirado';
    else if (failed) resultado = 'fallido';
    else if (session.status === 'complete') resultado = session.payment_status === 'paid' ? 'pagado' : 'en_espera';
    if (resultado === 'abierto' || resultado === 'expirado' || resultado === 'fallido') return { ...base, resultado, metodo: null, forma: null, ficha: null, intento: null };
    // How it was paid is on its Payment Intent: the card's funding, or the OXXO voucher.
    const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intentId) throw new ProviderUnavailable('Stripe: un pago sin Payment Intent');
    const intent = await request<StripePaymentIntent>('GET', `/v1/payment_intents/${encodeURIComponent(intentId)}?expand[]=latest_charge`);
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const type = charge?.payment_method_details?.type ?? (intent.next_action?.type === 'oxxo_display_details' ? 'oxxo' : intent.payment_method_types?.[0]);
    const metodo = type === 'oxxo' ? 'oxxo' : 'card';
    if (resultado === 'en_espera') {
      const details = intent.next_action?.oxxo_display_details;
      return {
        ...base,
        resultado,
        metodo: 'oxxo',
        forma: null,
        ficha: { url: details?.hosted_voucher_url ?? null, vence: details?.expires_after ? new Date(details.expires_after * 1000) : null },
        intento: intentId,
      };
    }
    return { ...base, resultado, metodo, forma: metodo === 'oxxo' ? '01' : cardForma(charge?.payment_method_details?.card?.funding), ficha: null, intento: intentId };
  }

  return {
    async checkKey() {
      await request('GET', '/v1/checkout/sessions?limit=1');
    },

    async createCheckout(checkout: CheckoutRequest) {
      const form = new URLSearchParams();
      form.set('mode', 'payment');
      form.set('locale', 'es-419');
      form.append('payment_method_types[]', 'card');
      if (checkout.oxxo) {
        form.append('payment_method_types[]', 'oxxo');
        form.set('payment_method_options[oxxo][expires_after_days]', String(OXXO_DAYS));
      }
      form.set('line_items[0][quantity]', '1');
      form.set('line_items[0][price_data][currency]', 'mxn');
      form.set('line_items[0][price_data][unit_amount]', String(checkout.centavos));
      form.set('line_items[0][price_data][product_data][name]', checkout.descripcion);
      form.set('client_reference_id', checkout.referencia);
      form.set('metadata[bufete_pago]', checkout.referencia);
      if (checkout.email) form.set('customer_email', checkout.email);
      form.set('success_url', checkout.successUrl);
      form.set('cancel_url', checkout.cancelUrl);
      // Our payment's id: a retried call opens the same checkout, never a second one.
      const session = await request<StripeSession>('POST', '/v1/checkout/sessions', form, `bufete-${checkout.referencia}`);
      if (!session.id || !session.url) throw new ProviderUnavailable('Stripe: una sesión sin dirección');
      return { id: session.id, url: session.url };
    },

    async checkout(id: string) {
      const session = await request<StripeSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`);
      return stateOf(session, false);
    },

    async readEvent(raw, header) {
      if (!deps.webhookSecret || !verifyStripeSignature(raw, header('stripe-signature'), deps.webhookSecret, Math.floor(now().getTime() / 1000))) {
        throw new WebhookRefused('firma');
      }
      let event: { id?: unknown; type?: unknown; data?: { object?: StripeSession | StripeCharge | StripeDispute } };
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new WebhookRefused('cuerpo');
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new WebhookRefused('cuerpo');
      const object = event.data?.object;
      if (!STRIPE_EVENTS.includes(event.type) || !object) return { id: event.id, checkout: null };
      if (object.object === 'charge' && event.type === 'charge.refunded') {
        const charge = object as StripeCharge;
        if (typeof charge.payment_intent !== 'string' || !Number.isSafeInteger(charge.amount_refunded)) return { id: event.id, checkout: null };
        return {
          id: event.id,
          checkout: null,
          cargo: { intento: charge.payment_intent, moneda: String(charge.currency).toLowerCase(), reembolsadoCentavos: charge.amount_refunded, disputa: null },
        };
      }
      if (object.object === 'dispute' && event.type.startsWith('charge.dispute.')) {
        const dispute = object as StripeDispute;
        if (typeof dispute.payment_intent !== 'string' || !Number.isSafeInteger(dispute.amount) || dispute.amount < 0 || typeof dispute.status !== 'string')
          return { id: event.id, checkout: null };
        const due = dispute.evidence_details?.due_by;
        return {
          id: event.id,
          checkout: null,
          cargo: {
            intento: dispute.payment_intent,
            moneda: String(dispute.currency).toLowerCase(),
            reembolsadoCentavos: null,
            disputa: { estado: disputaDe(dispute.status), centavos: dispute.amount, vence: typeof due === 'number' ? new Date(due * 1000) : null },
          },
        };
      }
      if (object.object !== 'checkout.session' || typeof (object as StripeSession).id !== 'string') return { id: event.id, checkout: null };
      return { id: event.id, checkout: await stateOf(object as StripeSession, event.type === 'checkout.session.async_payment_failed') };
    },
  };
}

import type { FormaPago } from '@bufete/shared';

/**
 * What Bufete asks of an online payment provider (issue 38). One provider
 * today, Stripe (stripe.ts); another (Mercado Pago, Conekta) implements the
 * same three calls and the same reading of its signed events.
 */
export interface PaymentProvider {
  /** Whether the lawyer's key is accepted (before it is saved). */
  checkKey(): Promise<void>;
  /** A hosted payment page for one invoice's balance, in pesos. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Where a checkout stands, asked of the provider (the browser's return does not wait for the webhook). */
  checkout(id: string): Promise<CheckoutState>;
  /** A webhook's event, once its signature over the exact bytes is verified; throws WebhookRefused otherwise. */
  readEvent(raw: Buffer, header: (name: string) => string | undefined): Promise<ProviderEvent>;
}

export interface CheckoutRequest {
  /** Our payment's id: the provider gives it back on each event and the return. */
  referencia: string;
  /** What the client reads on the provider's page. */
  descripcion: string;
  centavos: number;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Whether cash at OXXO is offered (the provider's limits on a voucher's amount). */
  oxxo: boolean;
}

export type CheckoutResult = 'abierto' | 'en_espera' | 'pagado' | 'fallido' | 'expirado';

export interface CheckoutState {
  id: string;
  referencia: string | null;
  centavos: number;
  moneda: string;
  resultado: CheckoutResult;
  metodo: 'card' | 'oxxo' | null;
  /** How it was paid, in the SAT's c_FormaPago (the payment's complement states it). */
  forma: FormaPago | null;
  /** An OXXO voucher not paid yet: its page and when it expires. */
  ficha: { url: string | null; vence: Date | null } | null;
  /** The provider's payment behind it, once paid (refunds and disputes name it). */
  intento: string | null;
}

/** Something that happened to a payment after it was paid: money given back, or a dispute by the client's bank. */
export interface ChargeChange {
  /** The provider's payment (Stripe: the Payment Intent). */
  intento: string;
  moneda: string;
  /** All that has been refunded of it so far, in centavos; null when the event is not about refunds. */
  reembolsadoCentavos: number | null;
  disputa: { estado: 'abierta' | 'ganada' | 'perdida'; centavos: number; /** The last day to answer it at the provider. */ vence: Date | null } | null;
}

export interface ProviderEvent {
  id: string;
  /** The checkout it is about, as it stands after this event; null for events Bufete does not use. */
  checkout: CheckoutState | null;
  /** A refund or a dispute of a paid checkout's payment; null for the other events. */
  cargo?: ChargeChange | null;
}

/** The provider refused the key (401/403). */
export class KeyRefused extends Error {}
/** The provider did not answer, or answered what we could not read: try again later. */
export class ProviderUnavailable extends Error {}
/**
 * The provider's account with this key has no such object (404). A webhook
 * takes it for an event about another account's payment and ignores it;
 * everywhere else it is the provider failing, as before.
 */
export class NotInThisAccount extends ProviderUnavailable {}
/** A webhook whose signature or body is not valid. */
export class WebhookRefused extends Error {
  constructor(readonly reason: 'firma' | 'cuerpo') {
    super(reason);
  }
}

import { endpoint } from '../endpoint';
import { cuentaPagosReply, cuentaPagosSaveSchema, pagoEnLineaSchema } from '../pagos-en-linea';
import { z } from '../zod';

/** The lawyer's online payments account (Configuración → Integraciones). */
export const pagosEnLineaApi = {
  account: endpoint({ method: 'GET', path: '/pagos-en-linea/cuenta', auth: 'user', response: cuentaPagosReply }),
  /** Checks the key with the provider before keeping it. */
  saveAccount: endpoint({ method: 'PUT', path: '/pagos-en-linea/cuenta', auth: 'user', body: cuentaPagosSaveSchema, response: cuentaPagosReply }),
  deleteAccount: endpoint({ method: 'DELETE', path: '/pagos-en-linea/cuenta', auth: 'user', response: cuentaPagosReply }),
  /** The provider's events (Stripe's signed webhook), read raw: the signature is over the exact bytes. */
  webhook: endpoint({
    method: 'POST',
    path: '/pagos-en-linea/:id/webhook',
    auth: 'public',
    raw: { maxBytes: 256 * 1024 },
    response: z.strictObject({ received: z.literal(true) }),
  }),
};

/** 'Pagar' on the portal: the provider's page for the invoice's balance, and where that payment stands. */
export const portalPagosApi = {
  start: endpoint({ method: 'POST', path: '/portal/facturas/:id/pagos', auth: 'client', response: z.strictObject({ url: z.string() }), status: 201 }),
  get: endpoint({ method: 'GET', path: '/portal/pagos/:id', auth: 'client', response: z.strictObject({ pago: pagoEnLineaSchema }) }),
};

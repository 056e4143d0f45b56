import { isRecordId, pagosEnLineaApi, portalPagosApi } from '@bufete/shared';
import { notFound } from '../../http/errors';
import type { Router } from '../../http/route';
import type { RateLimiter } from '../../http/rate-limit';
import type { PaymentService } from './service';

export function paymentRoutes({ on }: Router, { payments, webhookLimiter }: { payments: PaymentService; webhookLimiter: RateLimiter }) {
  on(pagosEnLineaApi.account, async ({ user }) => payments.account(user.id));
  on(pagosEnLineaApi.saveAccount, async ({ user, body }) => payments.saveAccount(user.id, body));
  on(pagosEnLineaApi.deleteAccount, async ({ user }) => payments.deleteAccount(user.id));
  on(
    pagosEnLineaApi.webhook,
    async ({ c, params, raw }) => {
      await payments.webhook(params.id, raw, (name) => c.req.header(name));
      return { received: true as const };
    },
    // Anyone can post here: bounded per account address before the body is read (a signature costs an HMAC).
    {
      before: (c) => {
        // Runs before the router checks the id: an address no account can have is a 404, never a limiter's key.
        const id = c.req.param('id') ?? '';
        if (!isRecordId(id)) throw notFound();
        return webhookLimiter.hit(`pagos-webhook:${id.toLowerCase()}`);
      },
    },
  );

  // The client's side: 'Pagar' and the return from the provider's page.
  on(portalPagosApi.start, async ({ client, params }) => ({ url: await payments.start(client, params.id) }));
  on(portalPagosApi.get, async ({ client, params }) => ({ pago: await payments.status(client, params.id) }));
}

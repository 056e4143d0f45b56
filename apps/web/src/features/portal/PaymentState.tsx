import type { PagoEnLinea } from '@bufete/shared/pagos-en-linea';
import { formatMXN } from '@bufete/shared/dinero';
import { ExternalLink } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatShortDateTime } from '@/lib/format';

/** OXXO vouchers expire at 23:59 in Mexico City (Stripe's rule): said in that time, whatever the phone's zone. */
export const OXXO_ZONE = 'America/Mexico_City';

/** An OXXO voucher of an invoice waiting to be paid at the store. */
export function VoucherWaiting({ ficha }: { ficha: PagoEnLinea }) {
  return (
    <Alert variant="info" className="flex-wrap">
      <span className="min-w-0 flex-1">
        Tienes una ficha para pagar {formatMXN(ficha.monto)} en OXXO
        {ficha.ficha_vence ? `; vence el ${formatShortDateTime(ficha.ficha_vence, OXXO_ZONE)} (hora del centro de México)` : ''}. Cuando la pagues, el pago se registrará solo.
      </span>
      {ficha.ficha_url ? (
        <Button asChild size="sm" variant="outline">
          <a href={ficha.ficha_url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden /> Ver ficha
          </a>
        </Button>
      ) : null}
    </Alert>
  );
}

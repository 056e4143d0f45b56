import { formatMXN } from '@bufete/shared/dinero';
import { ArrowLeft, CheckCircle2, Clock, ExternalLink, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/list-states';
import { statusOf } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { usePortalPayment, usePortalSession } from './api';
import { OXXO_ZONE } from './PaymentState';
import { PortalShell } from './PortalShell';

/**
 * /portal/pagos/:id: where the provider sends the client back. The payment
 * is recorded by whichever comes first, this page asking or the provider's
 * webhook; the page waits, then says plainly what happened.
 */
export default function PortalPaymentPage() {
  const { id = '' } = useParams();
  const session = usePortalSession();
  const payment = usePortalPayment(id);
  if (session.isError) return <Navigate to="/portal" replace />;
  const pago = payment.data;
  return (
    <PortalShell abogado={session.data?.abogado.nombre}>
      <Link to="/portal#facturas" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand">
        <ArrowLeft className="size-4" aria-hidden /> Tus facturas
      </Link>
      {payment.isPending ? <LoadingState>Consultando tu pago...</LoadingState> : null}
      {payment.isError ? (
        <Alert variant="error">{statusOf(payment.error) === 404 ? 'Este pago no existe o no es tuyo.' : 'No se pudo consultar tu pago. Recarga la página en un momento.'}</Alert>
      ) : null}
      {pago ? (
        <Card data-testid="portal-pago">
          {pago.estado === 'pagado' ? (
            <Outcome icon={<CheckCircle2 className="size-8 text-green-600" aria-hidden />} title="¡Pago recibido!">
              Registramos tu pago de {formatMXN(pago.monto)} {pago.metodo === 'oxxo' ? 'en OXXO' : 'con tarjeta'} a la factura {pago.factura.numero_factura}. Tu abogado ya lo ve.
            </Outcome>
          ) : pago.estado === 'en_espera' ? (
            <Outcome icon={<Store className="size-8 text-brand" aria-hidden />} title="Tu ficha para pagar en OXXO está lista">
              Paga {formatMXN(pago.monto)} en cualquier tienda OXXO
              {pago.ficha_vence ? ` antes del ${formatShortDateTime(pago.ficha_vence, OXXO_ZONE)} (hora del centro de México)` : ''}. Cuando pagues, el pago se registrará solo en
              la factura {pago.factura.numero_factura}; puede tardar hasta un día hábil.
              {pago.ficha_url ? (
                <Button asChild className="mt-4 w-full sm:w-auto">
                  <a href={pago.ficha_url} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden /> Ver ficha
                  </a>
                </Button>
              ) : null}
            </Outcome>
          ) : pago.estado === 'abierto' ? (
            payment.waitedLong ? (
              <Outcome icon={<Clock className="size-8 text-amber-600" aria-hidden />} title="Aún no recibimos la confirmación">
                Si completaste el pago, se registrará solo en cuanto el banco lo confirme; puedes cerrar esta página. Si no lo completaste, puedes pagar de nuevo desde tus
                facturas.
              </Outcome>
            ) : (
              <Outcome icon={<Clock className="size-8 text-brand" aria-hidden />} title="Estamos confirmando tu pago">
                <span role="status">Esto toma unos segundos. No cierres esta página.</span>
              </Outcome>
            )
          ) : (
            <Outcome icon={<Clock className="size-8 text-slate-500" aria-hidden />} title={pago.estado === 'fallido' ? 'La ficha venció sin pago' : 'El pago no se completó'}>
              No se cobró nada. Puedes pagar de nuevo la factura {pago.factura.numero_factura} desde tus facturas.
            </Outcome>
          )}
        </Card>
      ) : null}
    </PortalShell>
  );
}

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <>
      <CardHeader className="flex flex-row items-center gap-3">
        {icon}
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      </CardHeader>
      <CardContent className="text-sm text-slate-700">
        <div className="flex flex-col items-start">{children}</div>
      </CardContent>
    </>
  );
}

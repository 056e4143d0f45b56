import { pagosEnLineaApi } from '@bufete/shared/api/pagos-en-linea';
import type { CuentaPagosSaveInput } from '@bufete/shared/pagos-en-linea';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, CreditCard } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmActionDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/list-states';
import { SecretInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { call, fieldOf, serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { useTimeZone } from '@/lib/session';
import { toast } from '@/lib/toast';

const accountKey = ['pagos-en-linea', 'cuenta'] as const;

type Field = 'clave_secreta' | 'secreto_webhook';

/**
 * Configuración → Integraciones → 'Pagos en línea': the lawyer's own Stripe
 * account, so clients pay their invoices from the portal by card or at OXXO
 * into it. Off until switched on; the keys are sealed and never shown again.
 */
export function OnlinePaymentsCard() {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const account = useQuery({ queryKey: accountKey, queryFn: () => call(pagosEnLineaApi.account) });
  const save = useMutation({
    mutationFn: (body: CuentaPagosSaveInput) => call(pagosEnLineaApi.saveAccount, { body }),
    onSuccess: (reply) => queryClient.setQueryData(accountKey, reply),
  });
  const remove = useMutation({ mutationFn: () => call(pagosEnLineaApi.deleteAccount), onSuccess: (reply) => queryClient.setQueryData(accountKey, reply) });
  const [activo, setActivo] = useState<boolean | null>(null);
  const [clave, setClave] = useState('');
  const [secreto, setSecreto] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const cuenta = account.data?.cuenta ?? null;
  const switchedOn = activo ?? cuenta?.activo ?? false;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    save.mutate(
      { activo: switchedOn, clave_secreta: clave, secreto_webhook: secreto },
      {
        onSuccess: () => {
          setClave('');
          setSecreto('');
          setActivo(null);
          toast.success('Pagos en línea guardados.');
        },
        onError: (failure) => {
          const field = fieldOf(failure);
          const message = serverMessage(failure, 'No se pudo guardar. Inténtalo de nuevo.');
          if (field === 'clave_secreta' || field === 'secreto_webhook') setErrors({ [field]: message });
          else setError(message);
        },
      },
    );
  };

  const copy = async () => {
    if (!account.data) return;
    try {
      await navigator.clipboard.writeText(account.data.webhook_url);
      toast.success('Dirección copiada.');
    } catch {
      toast.error('No se pudo copiar: selecciona la dirección y cópiala.');
    }
  };

  return (
    <Card className="max-w-2xl" data-testid="pagos-en-linea-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          <CreditCard className="size-5 text-primary" aria-hidden /> Pagos en línea
          {cuenta ? <Badge variant={cuenta.activo ? 'success' : 'warning'}>{cuenta.activo ? 'Activos' : 'Desactivados'}</Badge> : null}
          {cuenta?.modo === 'pruebas' ? <Badge variant="warning">Modo de prueba</Badge> : null}
        </CardTitle>
        <CardDescription>
          Tus clientes pagan sus facturas desde el portal con tarjeta o en efectivo en OXXO, en pesos, a tu propia cuenta de Stripe. Cada pago se registra solo en su factura y, si
          tiene CFDI en parcialidades, se timbra su complemento de pago.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {account.isPending ? (
          <LoadingState>Cargando...</LoadingState>
        ) : account.isError ? (
          <Alert variant="error">No se pudo consultar tus pagos en línea. Inténtalo de nuevo.</Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" autoComplete="off">
            {error ? <Alert variant="error">{error}</Alert> : null}
            <FormField
              id="pagos-clave"
              label="Clave secreta de Stripe"
              error={errors.clave_secreta}
              hint={cuenta ? `Guardada (termina en ${cuenta.clave_fin}). Déjala en blanco para conservarla.` : 'En tu panel de Stripe: Desarrolladores → Claves de API.'}
            >
              <SecretInput id="pagos-clave" value={clave} onChange={(event) => setClave(event.target.value)} placeholder="sk_live_..." />
            </FormField>
            <div className="space-y-1">
              <label htmlFor="pagos-webhook-url" className="text-sm font-medium text-slate-800">
                Dirección del webhook
              </label>
              <div className="flex gap-2">
                <Input id="pagos-webhook-url" readOnly value={account.data.webhook_url} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
                <Button type="button" variant="outline" onClick={copy} aria-label="Copiar la dirección del webhook">
                  <Copy aria-hidden />
                </Button>
              </div>
              <p className="text-sm break-words text-slate-600">
                Regístrala en Stripe (Desarrolladores → Webhooks → Agregar destino) con estos eventos: {account.data.eventos.join(', ')}. Stripe te dará el secreto de firma.
              </p>
            </div>
            <FormField
              id="pagos-secreto"
              label="Secreto de firma del webhook"
              error={errors.secreto_webhook}
              hint={cuenta?.con_secreto_webhook ? 'Guardado. Déjalo en blanco para conservarlo.' : 'Empieza con whsec_.'}
            >
              <SecretInput id="pagos-secreto" value={secreto} onChange={(event) => setSecreto(event.target.value)} placeholder="whsec_..." />
            </FormField>
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4 accent-primary" checked={switchedOn} onChange={(event) => setActivo(event.target.checked)} />
              Ofrecer «Pagar» en el portal de mis clientes
            </label>
            {cuenta ? (
              <p className="text-sm text-slate-600">
                {cuenta.ultimo_evento_at
                  ? `Stripe llamó a la dirección por última vez el ${formatShortDateTime(cuenta.ultimo_evento_at, timeZone)}.`
                  : 'Stripe aún no ha llamado a la dirección: los pagos se confirmarán cuando lo haga.'}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              {cuenta ? (
                <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                  Quitar
                </Button>
              ) : null}
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner /> : null} Guardar
              </Button>
            </div>
          </form>
        )}
      </CardContent>
      <ConfirmActionDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Quitar tu cuenta de Stripe"
        description="El portal dejará de ofrecer «Pagar». Los pagos ya registrados se quedan en sus facturas."
        confirmLabel="Quitar"
        action={remove}
        done="Cuenta de Stripe quitada: el portal ya no ofrece pagar en línea."
        failed="No se pudo quitar la cuenta. Inténtalo de nuevo."
        onDone={() => setActivo(null)}
      />
    </Card>
  );
}

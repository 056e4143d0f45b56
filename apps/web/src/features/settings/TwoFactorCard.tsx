import { MSG } from '@bufete/shared/messages';
import { twoFactorCodeSchema, twoFactorDisableSchema, twoFactorPasswordSchema } from '@bufete/shared/security';
import { Download, KeyRound, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormInput } from '@/components/form-input';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { saveBlob } from '@/lib/api';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useTwoFactor, useTwoFactorActions } from './api';

// The QR library loads only when someone turns two-factor sign-in on.
const QrCode = lazy(() => import('./QrCode'));

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; then: 'enable' | 'codes' }
  | { kind: 'scan'; uri: string; secreto: string; codigos: string[] }
  | { kind: 'codes'; codigos: string[] }
  | { kind: 'disable' };

/** Recovery codes as a .txt the lawyer keeps (printed or in a safe place). */
function downloadCodes(codigos: string[], email: string) {
  const text = [
    'Bufete: códigos de recuperación de la verificación en dos pasos',
    `Cuenta: ${email}`,
    '',
    ...codigos,
    '',
    'Cada código sirve una sola vez. Guárdalos en un lugar seguro.',
    '',
  ].join('\r\n');
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'bufete-codigos-de-recuperacion.txt');
}

/**
 * Configuración → Seguridad: 'Verificación en dos pasos'. Turning it on asks
 * the password, shows the QR (and its secret as text) for any authenticator
 * app, checks a first code, then shows the 10 recovery codes once.
 */
export function TwoFactorCard() {
  const status = useTwoFactor();
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const email = session.session?.user.email ?? '';
  const activo = status.data?.activo ?? false;
  // Back from a step ('Ya los guardé', 'Cancelar'), the keyboard lands on the card's state, not on the page's top.
  const idleTarget = useRef<HTMLElement | null>(null);
  const [returning, setReturning] = useState(false);
  const backToIdle = () => {
    setStep({ kind: 'idle' });
    setReturning(true);
  };
  useEffect(() => {
    if (!returning || step.kind !== 'idle' || !idleTarget.current) return;
    idleTarget.current.focus();
    setReturning(false);
  }, [returning, step, status.data]);

  return (
    <Card className="max-w-xl" data-testid="two-factor-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          Verificación en dos pasos {status.data ? <Badge variant={activo ? 'success' : 'secondary'}>{activo ? 'Activa' : 'Inactiva'}</Badge> : null}
        </CardTitle>
        <CardDescription>
          Además de tu contraseña, al iniciar sesión se te pedirá un código de una app de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…). Una contraseña
          robada ya no basta para abrir tus expedientes.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {step.kind === 'idle' ? (
          activo ? (
            <div className="space-y-3">
              <p ref={(element) => void (idleTarget.current = element)} tabIndex={-1} className="text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-primary">
                Te quedan {status.data?.codigos_restantes ?? 0} códigos de recuperación.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setStep({ kind: 'password', then: 'codes' })}>
                  <KeyRound aria-hidden /> Generar códigos nuevos
                </Button>
                <Button variant="outline" className="text-red-700" onClick={() => setStep({ kind: 'disable' })}>
                  Desactivar
                </Button>
              </div>
            </div>
          ) : (
            <Button ref={(element) => void (idleTarget.current = element)} onClick={() => setStep({ kind: 'password', then: 'enable' })} disabled={!status.data}>
              <ShieldCheck aria-hidden /> Activar verificación en dos pasos
            </Button>
          )
        ) : null}
        {step.kind === 'password' ? <PasswordStep then={step.then} onDone={(next) => (next.kind === 'idle' ? backToIdle() : setStep(next))} /> : null}
        {step.kind === 'scan' ? <ScanStep uri={step.uri} secreto={step.secreto} onDone={() => setStep({ kind: 'codes', codigos: step.codigos })} onCancel={backToIdle} /> : null}
        {step.kind === 'codes' ? (
          <div className="space-y-3" data-testid="recovery-codes">
            <Alert variant="warning">Guarda estos códigos de recuperación: solo se muestran ahora. Cada uno te deja entrar una vez si pierdes tu teléfono.</Alert>
            <ol className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm">
              {step.codigos.map((codigo) => (
                <li key={codigo}>{codigo}</li>
              ))}
            </ol>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => downloadCodes(step.codigos, email)}>
                <Download aria-hidden /> Descargar códigos (.txt)
              </Button>
              <Button onClick={backToIdle}>Ya los guardé</Button>
            </div>
          </div>
        ) : null}
        {step.kind === 'disable' ? <DisableStep onDone={backToIdle} /> : null}
      </CardContent>
    </Card>
  );
}

function PasswordStep({ then, onDone }: { then: 'enable' | 'codes'; onDone: (step: Step) => void }) {
  const actions = useTwoFactorActions();
  const form = useSchemaForm<{ password: string }>(twoFactorPasswordSchema, { password: '' });
  const { onSubmit, error } = useFormSubmit(form, { fields: ['password'], unexpected: MSG.login.unexpected }, async ({ password }) => {
    if (then === 'enable') onDone({ kind: 'scan', ...(await actions.enable(password)) });
    else {
      const codigos = await actions.newCodes(password);
      toast.success(MSG.dosFactores.codigosNuevos);
      onDone({ kind: 'codes', codigos });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormInput form={form} name="password" label="Tu contraseña" password autoComplete="current-password" autoFocus />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => onDone({ kind: 'idle' })}>
          Cancelar
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner /> : null}
          Continuar
        </Button>
      </div>
    </form>
  );
}

function ScanStep({ uri, secreto, onDone, onCancel }: { uri: string; secreto: string; onDone: () => void; onCancel: () => void }) {
  const actions = useTwoFactorActions();
  const form = useSchemaForm<{ codigo: string }>(twoFactorCodeSchema, { codigo: '' });
  const { onSubmit, error } = useFormSubmit(form, { fields: ['codigo'], unexpected: MSG.login.unexpected }, async ({ codigo }) => {
    await actions.confirm(codigo);
    toast.success(MSG.dosFactores.activada);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Abre tu app de autenticación y escanea este código QR.</li>
        <li>Escribe el código de 6 dígitos que te muestra.</li>
      </ol>
      <div className="flex flex-col items-center gap-2 sm:flex-row sm:items-start sm:gap-4">
        <Suspense fallback={<div className="size-48 rounded-lg border border-border" />}>
          <QrCode text={uri} label="Código QR para tu app de autenticación" />
        </Suspense>
        <div className="min-w-0 text-sm text-slate-700">
          <p>¿No puedes escanearlo? Escribe esta clave en tu app:</p>
          <p className="mt-1 font-mono text-[13px] break-all text-slate-900" data-testid="totp-secret">
            {secreto.replace(/(.{4})/g, '$1 ').trim()}
          </p>
        </div>
      </div>
      <FormInput form={form} name="codigo" label="Código de 6 dígitos" autoComplete="one-time-code" inputMode="numeric" placeholder="123456" />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner /> : null}
          Activar
        </Button>
      </div>
    </form>
  );
}

function DisableStep({ onDone }: { onDone: () => void }) {
  const actions = useTwoFactorActions();
  const form = useSchemaForm<{ password: string; codigo: string }>(twoFactorDisableSchema, { password: '', codigo: '' });
  const { onSubmit, error } = useFormSubmit(form, { fields: ['password', 'codigo'], unexpected: MSG.login.unexpected }, async (values) => {
    await actions.disable(values);
    toast.success(MSG.dosFactores.desactivada);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <p className="text-sm text-slate-700">Para desactivarla escribe tu contraseña y un código de tu app (o uno de recuperación).</p>
      <FormInput form={form} name="password" label="Tu contraseña" password autoComplete="current-password" />
      <FormInput form={form} name="codigo" label="Código de verificación" autoComplete="one-time-code" />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner /> : null}
          Desactivar
        </Button>
      </div>
    </form>
  );
}

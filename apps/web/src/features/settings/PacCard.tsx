import type { PacCuenta, PacSaveInput } from '@bufete/shared/cfdi';
import { PAC_AMBIENTES, PAC_PROVEEDORES } from '@bufete/shared/values/cfdi';
import { PlugZap } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmActionDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { IconTile } from '@/components/ui/icon-tile';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/list-states';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useTimeZone } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeletePac, usePac, useSavePac, useTestPac } from './api';

/** Loaded on the form's first check, with zod: the page paints without it. */
const pacFormSchema = () => import('@bufete/shared/cfdi').then((module) => module.pacSaveSchema);
type PacValues = { proveedor: 'sw'; ambiente: 'pruebas' | 'produccion'; metodo: 'usuario' | 'token'; usuario: string; contrasena: string; token: string };

const nombreDe = (list: readonly { clave: string; nombre: string }[], clave: string) => list.find((item) => item.clave === clave)?.nombre ?? clave;

/**
 * Configuración → Perfil: the PAC that stamps the lawyer's CFDI. The lawyer's
 * own account (its password or token kept encrypted, never shown), tested
 * with 'Probar conexión'; without one, the installation's, if it has one.
 */
export function PacCard() {
  const pac = usePac();
  const test = useTestPac();
  const remove = useDeletePac();
  const timeZone = useTimeZone();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const propio = pac.data?.propio ?? null;
  const probar = () =>
    test.mutate(undefined, {
      onSuccess: (reply) => toast.success(reply.mensaje),
      onError: (error) => toast.error(serverMessage(error, 'No se pudo probar la conexión. Inténtalo de nuevo.')),
    });
  return (
    <Card data-testid="pac-card">
      <CardHeader>
        <CardTitle className="text-lg">PAC para timbrar</CardTitle>
        <CardDescription>
          El proveedor autorizado de certificación que timbra tus CFDI.{' '}
          {pac.data?.del_despacho
            ? 'Tu despacho ya tiene uno; si escribes aquí tu propia cuenta, tus CFDI se timbrarán con ella.'
            : 'Escribe los datos de tu cuenta: la contraseña o el token se guardan cifrados y nunca se muestran.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {pac.isPending ? (
          <LoadingState>Cargando...</LoadingState>
        ) : pac.isError ? (
          <Alert variant="error">No se pudo consultar tu PAC. Inténtalo de nuevo.</Alert>
        ) : propio && !editing ? (
          <>
            <SavedPac cuenta={propio} timeZone={timeZone} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setConfirming(true)}>
                Quitar
              </Button>
              <Button variant="outline" onClick={() => setEditing(true)}>
                Cambiar
              </Button>
              <Button onClick={probar} disabled={test.isPending}>
                {test.isPending ? <Spinner /> : <PlugZap aria-hidden />} Probar conexión
              </Button>
            </div>
          </>
        ) : (
          <PacForm
            cuenta={propio}
            onSaved={() => {
              setEditing(false);
              probar();
            }}
            onCancel={propio ? () => setEditing(false) : undefined}
          />
        )}
      </CardContent>
      <ConfirmActionDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Quitar tu cuenta de PAC"
        description={pac.data?.del_despacho ? 'Tus CFDI se timbrarán con el PAC de tu despacho.' : 'No podrás timbrar hasta que escribas una cuenta de PAC.'}
        confirmLabel="Quitar"
        action={remove}
        done="Cuenta de PAC quitada"
        failed="No se pudo quitar la cuenta. Inténtalo de nuevo."
      />
    </Card>
  );
}

function SavedPac({ cuenta, timeZone }: { cuenta: PacCuenta; timeZone: string }) {
  return (
    <div className="flex items-start gap-3">
      <IconTile icon={PlugZap} className="size-10 rounded-full bg-blue-50 text-primary" />
      <div className="min-w-0 flex-1 space-y-2">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Proveedor</dt>
            <dd className="text-slate-900">{nombreDe(PAC_PROVEEDORES, cuenta.proveedor)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Ambiente</dt>
            <dd className="text-slate-900">{nombreDe(PAC_AMBIENTES, cuenta.ambiente)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{cuenta.metodo === 'usuario' ? 'Usuario' : 'Acceso'}</dt>
            <dd className="break-all text-slate-900">{cuenta.usuario ?? 'Token guardado'}</dd>
          </div>
        </dl>
        {cuenta.prueba ? (
          <Alert variant={cuenta.prueba.ok ? 'success' : 'error'}>
            {cuenta.prueba.mensaje} <span className="text-xs whitespace-nowrap">({formatShortDateTime(cuenta.prueba.fecha, timeZone)})</span>
          </Alert>
        ) : (
          <p className="text-sm text-slate-600">Aún no la has probado.</p>
        )}
      </div>
    </div>
  );
}

function PacForm({ cuenta, onSaved, onCancel }: { cuenta: PacCuenta | null; onSaved: () => void; onCancel?: () => void }) {
  const save = useSavePac();
  const form = useSchemaForm<PacValues>(pacFormSchema, {
    proveedor: 'sw',
    ambiente: cuenta?.ambiente ?? 'pruebas',
    metodo: cuenta?.metodo ?? 'usuario',
    usuario: cuenta?.usuario ?? '',
    contrasena: '',
    token: '',
  });
  const { errors, isSubmitting } = form.formState;
  const metodo = form.watch('metodo');
  const { onSubmit, error } = useFormSubmit(
    form,
    { fields: ['ambiente', 'usuario', 'contrasena', 'token'], unexpected: 'No se pudo guardar la cuenta. Inténtalo de nuevo.' },
    async (values) => {
      await save.mutateAsync(values as PacSaveInput);
      toast.success('Cuenta de PAC guardada');
      onSaved();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" autoComplete="off">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="pac-proveedor" label="Proveedor">
          <Select id="pac-proveedor" {...form.register('proveedor')}>
            {PAC_PROVEEDORES.map((proveedor) => (
              <option key={proveedor.clave} value={proveedor.clave}>
                {proveedor.nombre}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="pac-ambiente" label="Ambiente" error={errors.ambiente?.message}>
          <Select id="pac-ambiente" {...form.register('ambiente')}>
            {PAC_AMBIENTES.map((ambiente) => (
              <option key={ambiente.clave} value={ambiente.clave}>
                {ambiente.nombre}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">Cómo entras a tu cuenta</legend>
        <div className="flex flex-wrap gap-x-6">
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:min-h-9">
            <input type="radio" value="usuario" className="size-4 accent-primary" {...form.register('metodo')} /> Usuario y contraseña
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:min-h-9">
            <input type="radio" value="token" className="size-4 accent-primary" {...form.register('metodo')} /> Token
          </label>
        </div>
      </fieldset>
      {metodo === 'usuario' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="pac-usuario" label="Usuario" error={errors.usuario?.message}>
            <Input id="pac-usuario" autoComplete="off" {...form.register('usuario')} />
          </FormField>
          <FormField id="pac-contrasena" label="Contraseña" error={errors.contrasena?.message} hint={cuenta ? 'Escríbela de nuevo: no la guardamos a la vista.' : undefined}>
            <PasswordInput id="pac-contrasena" autoComplete="new-password" {...form.register('contrasena')} />
          </FormField>
        </div>
      ) : (
        <FormField id="pac-token" label="Token" error={errors.token?.message} hint="El token de larga duración que te da el PAC en su portal.">
          <Input id="pac-token" autoComplete="off" spellCheck={false} {...form.register('token')} />
        </FormField>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null} Guardar y probar
        </Button>
      </div>
    </form>
  );
}

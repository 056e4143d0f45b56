import { dayIn, diaLargo } from '@bufete/shared/dates';
import { MSG } from '@bufete/shared/messages';
import { securityApi } from '@bufete/shared/api/security';
import { type CloseAccountInput, closeAccountSchema } from '@bufete/shared/security';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormInput } from '@/components/form-input';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { call } from '@/lib/api';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useClock, useRefreshSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useTwoFactor } from './api';

/**
 * Configuración → Seguridad: 'Cerrar mi cuenta'. The password (and a code
 * with two-factor sign-in), a checkbox that says they mean it; every session
 * ends, and everything is removed in 30 days unless they sign in before.
 */
export function CloseAccountCard() {
  const [open, setOpen] = useState(false);
  const twoFactor = useTwoFactor();
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const { timeZone } = useClock();
  // The checkbox starts unticked; the schema accepts only a ticked one.
  const form = useSchemaForm<{ password: string; codigo: string; confirmacion: boolean }>(closeAccountSchema, { password: '', codigo: '', confirmacion: false });
  const { onSubmit, error } = useFormSubmit(form, { fields: ['password', 'codigo', 'confirmacion'], unexpected: MSG.login.unexpected }, async (values) => {
    const { eliminar_el } = await call(securityApi.closeAccount, { body: values as CloseAccountInput });
    toast.success(MSG.cierre.programado(diaLargo(dayIn(new Date(eliminar_el), timeZone))));
    await refreshSession();
    navigate('/', { replace: true });
  });
  const confirmError = form.formState.errors.confirmacion?.message;
  return (
    <Card className="max-w-xl border-red-200" data-testid="close-account-card">
      <CardHeader>
        <CardTitle className="text-lg text-red-800">Cerrar mi cuenta</CardTitle>
        <CardDescription>
          Se cerrarán todas tus sesiones. Tus casos, clientes, documentos, imágenes, notas, citas, facturas, tiempo e historial se eliminarán para siempre en 30 días; si inicias
          sesión antes, tu cuenta se restaura completa.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Alert variant="warning">
          Antes de cerrarla,{' '}
          <Link to="/configuracion?tab=datos" className="font-medium underline underline-offset-2">
            exporta todos tus datos
          </Link>
          : la ley te pide conservar tus facturas y demás documentación fiscal cinco años desde la declaración a la que corresponden (Código Fiscal de la Federación, art. 30). Te
          enviaremos un correo con la fecha en que se eliminará todo.
        </Alert>
        {!open ? (
          <Button variant="outline" className="text-red-700" onClick={() => setOpen(true)}>
            Cerrar mi cuenta…
          </Button>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {error ? <Alert variant="error">{error}</Alert> : null}
            <FormInput form={form} name="password" label="Tu contraseña" password autoComplete="current-password" />
            {twoFactor.data?.activo ? <FormInput form={form} name="codigo" label="Código de verificación" autoComplete="one-time-code" /> : null}
            <label className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-red-700"
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? 'cierre-confirmacion-error' : undefined}
                {...form.register('confirmacion')}
              />
              <span>Entiendo que en 30 días se eliminará todo lo que guardo en Bufete y no se podrá recuperar.</span>
            </label>
            {confirmError ? (
              <p id="cierre-confirmacion-error" className="text-sm text-red-700">
                {confirmError}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancelar
              </Button>
              <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? <Spinner /> : null}
                Cerrar mi cuenta
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

import { MSG } from '@bufete/shared/messages';
import { type ChangePasswordInput, changePasswordSchema } from '@bufete/shared/profile';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage, serverSays } from '@/lib/api';
import { useSchemaForm } from '@/lib/forms';
import { FormInput } from '@/components/form-input';
import { settingsApi } from './api';
import { AccountHistoryCard } from './AccountHistoryCard';
import { CloseAccountCard } from './CloseAccountCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** `inOwnDespacho`: false while the person works in someone else's despacho, where closing is not theirs to do (issue 46). */
export function SecurityTab({ inOwnDespacho = true }: { inOwnDespacho?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm<ChangePasswordInput>(changePasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '', desconectar_google: false });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await settingsApi.changePassword(values);
      toast.success(MSG.settings.contrasenaActualizada);
      form.reset();
    } catch (caught) {
      if (serverSays(caught) && caught.field && caught.field in values) form.setError(caught.field as keyof ChangePasswordInput, { message: caught.message });
      else setError(serverMessage(caught, MSG.settings.errorContrasena));
    }
  });

  return (
    <div className="space-y-6">
      <TwoFactorCard />
      <SessionsCard />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle className="text-lg">Cambiar contraseña</CardTitle>
          <CardDescription>
            Al cambiarla se cerrarán tus sesiones en otros dispositivos y tu enlace privado del calendario (.ics) se renovará: actualízalo donde lo uses.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {error ? <Alert variant="error">{error}</Alert> : null}
            <FormInput form={form} name="currentPassword" label="Contraseña actual" password autoComplete="current-password" />
            <FormInput form={form} name="newPassword" label="Nueva contraseña" password autoComplete="new-password" placeholder="Mínimo 12 caracteres" />
            <FormInput form={form} name="confirmPassword" label="Confirmar nueva contraseña" password autoComplete="new-password" />
            <label className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('desconectar_google')} />
              <span>Desconectar también Google Calendar (si crees que alguien más conoció tu contraseña; podrás volver a conectarlo).</span>
            </label>
            <div className="flex justify-end">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? <Spinner /> : null}
                Actualizar contraseña
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {inOwnDespacho ? <CloseAccountCard /> : <p className="max-w-xl text-sm text-slate-600">Para cerrar tu propia cuenta, cambia a tu despacho desde la barra superior.</p>}
      {/* Last: the log grows without end, and nothing else should sit under it. */}
      <AccountHistoryCard />
    </div>
  );
}

import { invitarSchema, type Invitacion, type Miembro } from '@bufete/shared/equipo';
import { AREA_NOMBRE, AREAS, EQUIPO_LIMITES, PERMISOS, ROL_NOMBRE, ROLES, ROLES_INVITABLES, type RolInvitable } from '@bufete/shared/values/equipo';
import { MSG } from '@bufete/shared/messages';
import { Check, Mail, Minus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { FormInput } from '@/components/form-input';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmActionDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/list-states';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { formatShortDate } from '@/lib/format';
import { useFormSubmit, useSchemaForm } from '@/lib/forms';
import { useClock } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCancelInvitation, useChangeRole, useInvite, useRemoveMember, useTeam } from './api';

/** Configuración → Equipo (issue 46): who works in the despacho, who is invited, and what each role may do. */
export function TeamTab() {
  const team = useTeam();
  return (
    <div className="space-y-6">
      <InviteCard />
      <Card className="max-w-3xl" data-testid="team-members">
        <CardHeader>
          <CardTitle className="text-lg">Miembros del despacho</CardTitle>
          <CardDescription>Cada persona entra con su propia cuenta y ve solo lo que su rol permite. Un despacho tiene a lo más {EQUIPO_LIMITES.miembros} miembros.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {team.isPending ? <LoadingState>Cargando el equipo...</LoadingState> : null}
          {team.isError ? <Alert variant="error">No se pudo cargar el equipo. Inténtalo de nuevo.</Alert> : null}
          {team.data ? (
            <ul className="divide-y divide-border rounded-lg border border-border">
              {team.data.miembros.map((miembro) => (
                <MemberRow key={miembro.id} miembro={miembro} />
              ))}
            </ul>
          ) : null}
          {team.data?.invitaciones.length ? (
            <div className="space-y-2">
              <h3 className="text-sm font-semibold text-slate-900">Invitaciones</h3>
              <ul className="divide-y divide-border rounded-lg border border-border">
                {team.data.invitaciones.map((invitacion) => (
                  <InvitationRow key={invitacion.id} invitacion={invitacion} />
                ))}
              </ul>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <RolesTable />
    </div>
  );
}

function InviteCard() {
  const invite = useInvite();
  const form = useSchemaForm<{ email: string; rol: RolInvitable; facturacion: boolean }>(invitarSchema, { email: '', rol: 'asociado', facturacion: false });
  const { onSubmit, error } = useFormSubmit(form, { fields: ['email', 'rol'], unexpected: 'No se pudo enviar la invitación. Inténtalo de nuevo.' }, async (values) => {
    const { message } = await invite.mutateAsync(values);
    toast.success(message);
    form.reset({ email: '', rol: values.rol, facturacion: false });
  });
  return (
    <Card className="max-w-3xl" data-testid="team-invite">
      <CardHeader>
        <CardTitle className="text-lg">Invitar a alguien</CardTitle>
        <CardDescription>Le enviamos un enlace por correo. Funciona una sola vez y durante {EQUIPO_LIMITES.diasInvitacion} días.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
            <FormInput form={form} name="email" label="Correo electrónico" type="email" autoComplete="off" placeholder="nombre@despacho.mx" />
            <FormField id="invitar-rol" label="Rol" error={form.formState.errors.rol?.message}>
              <Select id="invitar-rol" {...form.register('rol')}>
                {ROLES_INVITABLES.map((rol) => (
                  <option key={rol} value={rol}>
                    {ROL_NOMBRE[rol]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          {/* A pasante never handles money (the server says the same). */}
          {form.watch('rol') === 'pasante' ? (
            <p className="text-sm text-slate-600">Un pasante trabaja solo en los casos que le asignes: en Casos, edita el caso y márcalo en «Asignados».</p>
          ) : (
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4 accent-primary" {...form.register('facturacion')} />
              Puede facturar y timbrar CFDI
            </label>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? <Spinner /> : <UserPlus aria-hidden />}
              Enviar invitación
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function MemberRow({ miembro }: { miembro: Miembro }) {
  const { timeZone } = useClock();
  const change = useChangeRole(miembro.id);
  const remove = useRemoveMember(miembro.id);
  const [confirming, setConfirming] = useState(false);
  const titular = miembro.rol === 'titular';
  const setRole = (rol: RolInvitable, facturacion: boolean) =>
    change.mutate(
      { rol, facturacion },
      {
        onSuccess: (updated) => toast.success(MSG.equipo.rolCambiado(updated.nombre, ROL_NOMBRE[updated.rol].toLowerCase())),
        onError: (error) => toast.error(serverMessage(error, 'No se pudo cambiar el rol. Inténtalo de nuevo.')),
      },
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-3 py-3 text-sm" data-testid="team-member">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {miembro.nombre}
          {miembro.tu ? <Badge variant="secondary">Tú</Badge> : null}
        </p>
        <p className="truncate text-slate-600">
          {miembro.email} · desde el {formatShortDate(miembro.desde, timeZone)}
        </p>
      </div>
      {titular ? (
        <Badge variant="default">{ROL_NOMBRE.titular}</Badge>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <div className="w-48">
            <Select
              aria-label={`Rol de ${miembro.nombre}`}
              value={miembro.rol}
              disabled={change.isPending}
              onChange={(event) => setRole(event.target.value as RolInvitable, miembro.facturacion)}
            >
              {ROLES_INVITABLES.map((rol) => (
                <option key={rol} value={rol}>
                  {ROL_NOMBRE[rol]}
                </option>
              ))}
            </Select>
          </div>
          {miembro.rol === 'pasante' ? null : (
            <label className="flex min-h-11 items-center gap-2 text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={miembro.facturacion}
                disabled={change.isPending}
                onChange={(event) => setRole(miembro.rol as RolInvitable, event.target.checked)}
              />
              Factura
            </label>
          )}
          <Button size="sm" variant="outline" className="text-red-700" onClick={() => setConfirming(true)}>
            Quitar
          </Button>
          <ConfirmActionDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`¿Quitar a ${miembro.nombre} del despacho?`}
            description="Sus sesiones en este despacho se cierran en ese momento. Lo que registró (casos, documentos, tareas, tiempo) se queda en el despacho."
            confirmLabel="Quitar del despacho"
            action={remove}
            done={MSG.equipo.miembroQuitado(miembro.nombre)}
            failed="No se pudo quitar a esta persona. Inténtalo de nuevo."
          />
        </div>
      )}
    </li>
  );
}

function InvitationRow({ invitacion }: { invitacion: Invitacion }) {
  const { timeZone } = useClock();
  const cancel = useCancelInvitation(invitacion.id);
  const caducada = invitacion.estado === 'caducada';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-3 py-3 text-sm" data-testid="team-invitation">
      <div className="flex min-w-0 items-start gap-3">
        <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {invitacion.email}
            <Badge variant={caducada ? 'warning' : 'secondary'}>{caducada ? 'Caducada' : 'Pendiente'}</Badge>
          </p>
          <p className="text-slate-600">
            {ROL_NOMBRE[invitacion.rol]}
            {invitacion.facturacion ? ' · puede facturar' : ''} · {caducada ? 'venció' : 'vence'} el {formatShortDate(invitacion.expira, timeZone)}
          </p>
        </div>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(undefined, {
            onSuccess: () => toast.success(MSG.equipo.invitacionCancelada),
            onError: (error) => toast.error(serverMessage(error, 'No se pudo cancelar la invitación. Inténtalo de nuevo.')),
          })
        }
      >
        {caducada ? 'Quitar' : 'Cancelar invitación'}
      </Button>
    </li>
  );
}

/** Each role's permissions, area by area: the table the server enforces (values/equipo.ts). */
function RolesTable() {
  return (
    <Card className="max-w-3xl" data-testid="team-roles">
      <CardHeader>
        <CardTitle className="text-lg">Qué puede hacer cada rol</CardTitle>
        <CardDescription>
          Lo comprueba el servidor en cada petición: un cambio de rol vale desde el siguiente clic de esa persona. Facturación se abre a un miembro con «Factura».
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Four narrow columns fit a phone; a wider screen never scrolls. Focusable so a keyboard can scroll it if it must. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Permisos de cada rol">
          <table className="w-full text-sm">
            <caption className="sr-only">Permisos de cada rol por área</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-3 font-semibold text-slate-900">
                  Área
                </th>
                {ROLES.map((rol) => (
                  <th key={rol} scope="col" className="px-2 py-2 text-center font-semibold text-slate-900">
                    {ROL_NOMBRE[rol]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {AREAS.map((area) => (
                <tr key={area} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-700">
                    {AREA_NOMBRE[area]}
                  </th>
                  {ROLES.map((rol) => (
                    <td key={rol} className="px-2 py-2 text-center">
                      {PERMISOS[rol][area] === 'total' ? (
                        <Check className="mx-auto size-4 text-emerald-700" aria-label="Sí" />
                      ) : PERMISOS[rol][area] === 'asignados' ? (
                        <span className="text-xs text-slate-600">Sus casos</span>
                      ) : area === 'facturacion' && rol !== 'pasante' ? (
                        <span className="text-xs text-slate-600">Si se le permite</span>
                      ) : (
                        <Minus className="mx-auto size-4 text-slate-400" aria-label="No" />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

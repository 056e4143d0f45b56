import { LIMITS } from '@bufete/shared/constants';
import { MSG } from '@bufete/shared/messages';
import { fullNameOf, initialsOf } from '@bufete/shared/names';
import type { Profile, SystemCheck, Tratamiento } from '@bufete/shared/profile';
import { Camera, CheckCircle2, Settings2, Wrench, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { RegimenFiscalSelect } from '@/components/fiscal-selects';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { Spinner } from '@/components/ui/spinner';
import { serverSays } from '@/lib/api';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useUnsavedChangesWarning } from '@/lib/hooks';
import { useSetProfile } from '@/lib/session';
import { CropDialog } from './CropDialog';
import { CsdCard } from './CsdCard';
import { PacCard } from './PacCard';
import { StorageCard } from './StorageCard';
import { settingsApi } from './api';

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp'];

export function ProfileTab({ profile, email }: { profile: Profile; email: string }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
      <PhotoCard profile={profile} />
      <div className="min-w-0 space-y-6">
        <PersonalInfoCard profile={profile} email={email} />
        <FiscalCard profile={profile} />
        <CsdCard />
        <PacCard />
        <StorageCard />
      </div>
    </div>
  );
}

function PhotoCard({ profile }: { profile: Profile }) {
  const setProfile = useSetProfile();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [checking, setChecking] = useState(false);
  const [checks, setChecks] = useState<SystemCheck[] | null>(null);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (!AVATAR_TYPES.includes(chosen.type)) return toast.error(MSG.settings.soloImagenesAvatar);
    if (chosen.size > LIMITS.avatarMaxBytes) return toast.error(MSG.settings.avatarGrande);
    setFile(chosen);
  };

  const upload = async (blob: Blob) => {
    setUploading(true);
    try {
      const result = await settingsApi.uploadAvatar(new File([blob], 'avatar.jpg', { type: 'image/jpeg' }));
      setProfile(result.profile);
      toast.success(MSG.settings.fotoActualizada);
      setFile(null);
    } catch (error) {
      toast.error(serverSays(error) ? error.message : MSG.settings.errorFoto);
    } finally {
      setUploading(false);
    }
  };

  const systemCheck = async () => {
    setChecking(true);
    try {
      setChecks(await settingsApi.systemCheck());
    } catch {
      toast.error('No se pudo ejecutar la comprobación del sistema.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Foto de perfil</CardTitle>
        <CardDescription>PNG, JPG o WebP de hasta 5 MB.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <span
          className="inline-flex size-32 items-center justify-center overflow-hidden rounded-full bg-blue-100 text-4xl font-semibold text-blue-800"
          data-testid="settings-avatar"
        >
          {profile.avatar_url ? <img src={profile.avatar_url} alt={`Foto de ${fullNameOf(profile)}`} className="size-full object-cover" /> : initialsOf(profile)}
        </span>
        <input
          ref={input}
          type="file"
          accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp"
          className="hidden"
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid="avatar-input"
        />
        <div className="flex w-full flex-col gap-2">
          <Button onClick={() => input.current?.click()}>
            <Camera aria-hidden /> Cambiar foto
          </Button>
          <Button variant="outline" onClick={systemCheck} disabled={checking}>
            {checking ? <Spinner /> : <Settings2 aria-hidden />} Configurar Sistema
          </Button>
        </div>
        {checks ? (
          <ul className="w-full space-y-2 text-sm" data-testid="system-checks">
            {checks.map((check) => (
              <li key={check.check} className="flex gap-2">
                {check.status === 'ok' ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-label="Correcto" />
                ) : check.status === 'repaired' ? (
                  <Wrench className="mt-0.5 size-4 shrink-0 text-warning" aria-label="Reparado" />
                ) : (
                  <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Error" />
                )}
                <span>
                  <strong className="font-medium text-slate-900">{check.check}:</strong> <span className="text-slate-700">{check.message}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      <CropDialog file={file} busy={uploading} onCancel={() => setFile(null)} onApply={upload} />
    </Card>
  );
}

/** The profile's schema, loaded on the first check of either form: the tab Configuración opens on paints without zod. */
const profileUpdateSchema = () => import('@bufete/shared/profile').then((module) => module.profileUpdateSchema);

type InfoValues = { nombre: string; apellido: string; especialidad: string; telefono: string; cedula_profesional: string; tratamiento: '' | Tratamiento };

const infoValuesOf = (profile: Profile): InfoValues => ({
  nombre: profile.nombre,
  apellido: profile.apellido,
  especialidad: profile.especialidad ?? '',
  telefono: profile.telefono ?? '',
  cedula_profesional: profile.cedula_profesional ?? '',
  tratamiento: profile.tratamiento ?? '',
});

function PersonalInfoCard({ profile, email }: { profile: Profile; email: string }) {
  const setProfile = useSetProfile();
  const form = useSchemaForm<InfoValues>(profileUpdateSchema, infoValuesOf(profile));
  const errors = form.formState.errors;
  useUnsavedChangesWarning(form.formState.isDirty);

  const { onSubmit, error } = useFormSubmit(
    form,
    { fields: ['nombre', 'apellido', 'especialidad', 'telefono', 'cedula_profesional', 'tratamiento'], unexpected: MSG.settings.errorPerfil },
    async (values) => {
      const result = await settingsApi.updateProfile(values);
      setProfile(result.profile);
      form.reset(infoValuesOf(result.profile));
      toast.success(MSG.settings.perfilActualizado);
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Información personal</CardTitle>
        <CardDescription>Así aparecerás en Bufete y en los emails que envías a tus clientes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="perfil-nombre" label="Nombre" error={errors.nombre?.message}>
              <Input id="perfil-nombre" autoComplete="given-name" {...form.register('nombre')} />
            </FormField>
            <FormField id="perfil-apellido" label="Apellido" error={errors.apellido?.message}>
              <Input id="perfil-apellido" autoComplete="family-name" {...form.register('apellido')} />
            </FormField>
          </div>
          <FormField id="perfil-email" label="Email" hint="El email de la cuenta no se puede cambiar.">
            <Input id="perfil-email" value={email} readOnly disabled />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="perfil-especialidad" label="Especialidad" error={errors.especialidad?.message}>
              <Input id="perfil-especialidad" placeholder="Ej: Derecho Civil" {...form.register('especialidad')} />
            </FormField>
            <FormField id="perfil-telefono" label="Teléfono" error={errors.telefono?.message}>
              <Input id="perfil-telefono" type="tel" autoComplete="tel" {...form.register('telefono')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="perfil-cedula" label="Cédula profesional" hint="7 u 8 dígitos. Aparece en la firma de los escritos." error={errors.cedula_profesional?.message}>
              <Input id="perfil-cedula" inputMode="numeric" maxLength={12} {...form.register('cedula_profesional')} />
            </FormField>
            <FormField
              id="perfil-tratamiento"
              label="En tus escritos eres"
              hint="«Tenerme por presentada», «abogada patrona»; tus clientes leen «Tu abogada» en su portal."
              error={errors.tratamiento?.message}
            >
              <Select id="perfil-tratamiento" {...form.register('tratamiento')}>
                <option value="">Sin indicar (abogado)</option>
                <option value="abogada">Abogada</option>
                <option value="abogado">Abogado</option>
              </Select>
            </FormField>
          </div>
          <SaveRow dirty={form.formState.isDirty} busy={form.formState.isSubmitting} label="Guardar cambios" />
        </form>
      </CardContent>
    </Card>
  );
}

type FiscalValues = { rfc: string; regimen_fiscal: string; domicilio_fiscal: string; tarifa_hora: string; codigo_postal_expedicion: string; serie_cfdi: string };

/** The card's values of a profile. */
const fiscalValuesOf = (profile: Profile): FiscalValues => ({
  rfc: profile.rfc ?? '',
  regimen_fiscal: profile.regimen_fiscal ?? '',
  domicilio_fiscal: profile.domicilio_fiscal ?? '',
  tarifa_hora: profile.tarifa_hora ?? '',
  codigo_postal_expedicion: profile.codigo_postal_expedicion ?? '',
  serie_cfdi: profile.serie_cfdi ?? '',
});

/** The lawyer's fiscal data (on receipts) and default hourly rate (time entries and invoices). */
function FiscalCard({ profile }: { profile: Profile }) {
  const setProfile = useSetProfile();
  const form = useSchemaForm<FiscalValues>(profileUpdateSchema, fiscalValuesOf(profile));
  const errors = form.formState.errors;
  useUnsavedChangesWarning(form.formState.isDirty);
  const { onSubmit, error } = useFormSubmit(
    form,
    { fields: ['rfc', 'regimen_fiscal', 'domicilio_fiscal', 'tarifa_hora', 'codigo_postal_expedicion', 'serie_cfdi'], unexpected: MSG.settings.errorPerfil },
    async (values) => {
      const result = await settingsApi.updateProfile(values);
      setProfile(result.profile);
      form.reset(fiscalValuesOf(result.profile));
      // This card saves only its own fields: it says so, not 'Perfil actualizado'.
      toast.success(MSG.settings.datosFiscalesGuardados);
    },
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Datos fiscales y tarifa</CardTitle>
        <CardDescription>Aparecen en tus recibos de honorarios. La tarifa por hora se propone en tu tiempo facturable.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="perfil-rfc" label="RFC" error={errors.rfc?.message}>
              <Input id="perfil-rfc" placeholder="Ej: GODE561231GR8" className="uppercase" autoComplete="off" aria-invalid={!!errors.rfc} {...form.register('rfc')} />
            </FormField>
            <FormField id="perfil-tarifa" label="Tarifa por hora (MXN)" error={errors.tarifa_hora?.message}>
              <Input id="perfil-tarifa" inputMode="decimal" placeholder="Ej: 1500" autoComplete="off" aria-invalid={!!errors.tarifa_hora} {...form.register('tarifa_hora')} />
            </FormField>
          </div>
          <FormField id="perfil-regimen" label="Régimen fiscal" error={errors.regimen_fiscal?.message}>
            <RegimenFiscalSelect id="perfil-regimen" {...form.register('regimen_fiscal')} />
          </FormField>
          <FormField id="perfil-domicilio" label="Domicilio fiscal" error={errors.domicilio_fiscal?.message}>
            <Textarea id="perfil-domicilio" rows={2} {...form.register('domicilio_fiscal')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="perfil-cp-expedicion"
              label="Código postal de expedición"
              error={errors.codigo_postal_expedicion?.message}
              hint="Donde emites tus facturas (CFDI): su hora local es la fecha del CFDI."
            >
              <Input id="perfil-cp-expedicion" inputMode="numeric" maxLength={5} autoComplete="off" {...form.register('codigo_postal_expedicion')} />
            </FormField>
            <FormField
              id="perfil-serie"
              label="Serie de tus facturas"
              error={errors.serie_cfdi?.message}
              hint="Opcional: con HON, tus próximas facturas serán HON-0001…, en pantalla, en el recibo y en el CFDI. Sin serie: FACT."
            >
              <Input id="perfil-serie" autoComplete="off" className="uppercase" maxLength={25} {...form.register('serie_cfdi')} />
            </FormField>
          </div>
          <SaveRow dirty={form.formState.isDirty} busy={form.formState.isSubmitting} label="Guardar datos fiscales" />
        </form>
      </CardContent>
    </Card>
  );
}

/** A card's save button, with a note while the card holds changes not yet saved (each card saves only its own fields). */
function SaveRow({ dirty, busy, label }: { dirty: boolean; busy: boolean; label: string }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {dirty ? (
        <p className="text-sm font-medium text-amber-700" role="status">
          {MSG.settings.cambiosSinGuardar}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        {label}
      </Button>
    </div>
  );
}

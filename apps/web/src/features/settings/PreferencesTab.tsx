import { MSG } from '@bufete/shared/messages';
import { type Profile } from '@bufete/shared/profile';
import { MEXICO_TIME_ZONES, timeZoneLabel } from '@bufete/shared/dates';
import { Bell, Globe, Languages } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { SettingRow } from '@/components/setting-row';
import { serverSays } from '@/lib/api';
import { useSetProfile } from '@/lib/session';
import { IconTile } from '@/components/ui/icon-tile';
import { settingsApi } from './api';
import { BulletinsCard } from './BulletinsCard';

/**
 * 'Preferencias': the daily summary email (real since issue 15) and the time
 * zone (due dates count their days from today in it, scheduled emails read
 * their hour in it); the language row is still the spec's placeholder.
 */
export function PreferencesTab({ profile }: { profile: Profile }) {
  return (
    <div className="space-y-6">
      <PreferencesCard profile={profile} />
      <BulletinsCard />
    </div>
  );
}

function PreferencesCard({ profile }: { profile: Profile }) {
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle className="text-lg">Preferencias</CardTitle>
        <CardDescription>Tus avisos por correo y tu zona horaria.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y divide-border">
        <DailySummaryRow profile={profile} />
        <TimeZoneRow profile={profile} />
        <SettingRow icon={Languages} title="Idioma" description="Español (México)">
          <Button variant="outline" size="sm" disabled>
            Cambiar
          </Button>
        </SettingRow>
      </CardContent>
    </Card>
  );
}

/** 'Notificaciones por email': a summary of the day's appointments and overdue invoices, each morning at 7:00. */
function DailySummaryRow({ profile }: { profile: Profile }) {
  const setProfile = useSetProfile();
  const [saving, setSaving] = useState(false);
  // Shown at once; put back if the server refuses.
  const [on, setOn] = useState(profile.resumen_diario);
  const toggle = async (resumen_diario: boolean) => {
    setSaving(true);
    setOn(resumen_diario);
    try {
      const result = await settingsApi.updateProfile({ resumen_diario });
      setProfile(result.profile);
      toast.success(resumen_diario ? MSG.settings.resumenActivado : MSG.settings.resumenDesactivado);
    } catch {
      setOn(!resumen_diario);
      toast.error(MSG.settings.errorPerfil);
    } finally {
      setSaving(false);
    }
  };
  return (
    <SettingRow icon={Bell} title="Notificaciones por email" description="Cada mañana a las 7:00, un correo con tus citas del día y tus facturas vencidas.">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-5 accent-[var(--color-primary)]" checked={on} disabled={saving} onChange={(event) => void toggle(event.target.checked)} />
        Resumen diario
      </label>
    </SettingRow>
  );
}

function TimeZoneRow({ profile }: { profile: Profile }) {
  const setProfile = useSetProfile();
  const [value, setValue] = useState(profile.zona_horaria);
  const [saving, setSaving] = useState(false);
  // Mexico's zones, and the saved one or this device's when they are elsewhere (a lawyer abroad).
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const options = [...new Set([...MEXICO_TIME_ZONES.map((zone) => zone.id), profile.zona_horaria, device])];

  const save = async () => {
    setSaving(true);
    try {
      const result = await settingsApi.updateProfile({ zona_horaria: value });
      setProfile(result.profile);
      toast.success(MSG.settings.preferenciasGuardadas);
    } catch (caught) {
      toast.error(serverSays(caught) ? caught.message : MSG.settings.errorPerfil);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <IconTile icon={Globe} className="size-10 rounded-lg bg-slate-100 text-slate-700" />
        <div className="min-w-0">
          <label htmlFor="zona-horaria" className="font-medium text-slate-900">
            Zona horaria
          </label>
          <p className="text-sm text-slate-600">Con ella se cuentan los días de tus vencimientos y la hora de tus envíos programados.</p>
        </div>
      </div>
      <div className="flex gap-2 sm:w-80">
        <div className="min-w-0 flex-1">
          <Select id="zona-horaria" value={value} onChange={(event) => setValue(event.target.value)}>
            {options.map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="outline" onClick={save} disabled={saving || value === profile.zona_horaria}>
          {saving ? <Spinner /> : null}
          Guardar
        </Button>
      </div>
    </div>
  );
}

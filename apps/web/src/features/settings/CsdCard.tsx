import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmActionDialog } from '@/components/ui/confirm-dialog';
import { FileInput } from '@/components/ui/file-input';
import { FormField } from '@/components/ui/form-field';
import { IconTile } from '@/components/ui/icon-tile';
import { LoadingState } from '@/components/ui/list-states';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate } from '@/lib/format';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { useTimeZone } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCsd, useDeleteCsd, useSaveCsd } from './api';

/** Loaded on the form's first check, with zod (csd-form.ts): the page paints without it. */
const csdFormSchema = () => import('./csd-form').then((module) => module.csdFormSchema);
type CsdValues = { cer: File | null; key: File | null; password: string };

const base64Of = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * Configuración → Datos fiscales: the lawyer's Certificado de Sello Digital.
 * The server opens it and checks it (a CSD, not an e.firma; valid; of the
 * RFC above) and keeps the key and its password encrypted; this card shows
 * what the certificate says, lets it be replaced or removed.
 */
export function CsdCard() {
  const csd = useCsd();
  const remove = useDeleteCsd();
  const timeZone = useTimeZone();
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const current = csd.data;
  return (
    <Card data-testid="csd-card">
      <CardHeader>
        <CardTitle className="text-lg">Certificado de Sello Digital (CSD)</CardTitle>
        <CardDescription>
          El CSD que te dio el SAT (.cer, .key y su contraseña), para sellar tus facturas electrónicas (CFDI 4.0). La llave y su contraseña se guardan cifradas y nunca se muestran.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {csd.isPending ? (
          <LoadingState>Cargando...</LoadingState>
        ) : current && !replacing ? (
          <>
            <div className="flex items-start gap-3">
              <IconTile icon={BadgeCheck} className="size-10 rounded-full bg-green-100 text-green-700" />
              <dl className="grid min-w-0 flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-600">RFC</dt>
                  <dd className="font-mono font-medium text-slate-900">{current.rfc}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Nombre en el SAT</dt>
                  <dd className="break-words text-slate-900">{current.nombre}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">No. de certificado</dt>
                  <dd className="font-mono text-slate-900">{current.no_certificado}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Vigencia</dt>
                  <dd className="text-slate-900" data-testid="csd-vigencia">
                    Del {formatLongDate(current.vigente_desde, timeZone)} al {formatLongDate(current.vigente_hasta, timeZone)}
                  </dd>
                </div>
              </dl>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setConfirming(true)}>
                Quitar CSD
              </Button>
              <Button variant="outline" onClick={() => setReplacing(true)}>
                Reemplazar CSD
              </Button>
            </div>
          </>
        ) : (
          <CsdForm onDone={() => setReplacing(false)} onCancel={current ? () => setReplacing(false) : undefined} />
        )}
      </CardContent>
      <ConfirmActionDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Quitar CSD"
        description="Bufete dejará de tener tu Certificado de Sello Digital y su llave. Podrás subirlo de nuevo cuando quieras."
        confirmLabel="Quitar"
        action={remove}
        done="CSD quitado"
        failed="No se pudo quitar el CSD. Inténtalo de nuevo."
      />
    </Card>
  );
}

function CsdForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const save = useSaveCsd();
  const form = useSchemaForm<CsdValues>(csdFormSchema, { cer: null, key: null, password: '' });
  const { errors } = form.formState;
  const { onSubmit, error } = useFormSubmit(
    form,
    { fields: ['cer', 'key', 'password'], unexpected: 'No se pudo guardar el CSD. Inténtalo de nuevo.' },
    async ({ cer, key, password }) => {
      await save.mutateAsync({ cer: await base64Of(cer!), key: await base64Of(key!), password });
      toast.success('CSD guardado');
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id="csd-cer" label="Certificado (.cer)" error={errors.cer?.message}>
          <Controller
            control={form.control}
            name="cer"
            render={({ field }) => <FileInput id="csd-cer" accept=".cer" fileName={field.value?.name} onChange={(event) => field.onChange(event.target.files?.[0] ?? null)} />}
          />
        </FormField>
        <FormField id="csd-key" label="Llave privada (.key)" error={errors.key?.message}>
          <Controller
            control={form.control}
            name="key"
            render={({ field }) => <FileInput id="csd-key" accept=".key" fileName={field.value?.name} onChange={(event) => field.onChange(event.target.files?.[0] ?? null)} />}
          />
        </FormField>
      </div>
      <FormField id="csd-password" label="Contraseña de la llave privada" error={errors.password?.message}>
        <PasswordInput id="csd-password" autoComplete="off" {...form.register('password')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner /> : null} Guardar CSD
        </Button>
      </div>
    </form>
  );
}

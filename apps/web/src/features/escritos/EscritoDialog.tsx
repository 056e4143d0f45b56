import { profileApi } from '@bufete/shared/api/profile';
import { MSG } from '@bufete/shared/messages';
import type { PlantillaEscrito } from '@bufete/shared/escritos';
import { ArrowLeft, Download, FileUp, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { FileInput } from '@/components/ui/file-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/list-states';
import { Textarea } from '@/components/ui/textarea';
import { call, serverMessage } from '@/lib/api';
import { useSetProfile } from '@/lib/session';
import { toast } from '@/lib/toast';
import { templateFileUrl, useDeleteTemplate, useEscritoFields, useEscritoTemplates, useGenerateEscrito, useUploadTemplate } from './api';

/** The place an escrito is signed in, as the lawyer last typed it: most sign every escrito in the same city. */
const LUGAR_KEY = 'bufete.escritos.lugar';

/**
 * 'Generar escrito': a template (Bufete's or one of the lawyer's Word files)
 * filled with the case's expediente, court, parties, client and the lawyer's
 * signature; what the case lacks is asked here, a field Bufete does not know
 * is listed to fill or leave blank. The .docx is saved among the case's
 * documents and opens in the viewer.
 */
export function EscritoDialog({ open, onOpenChange, casoId }: { open: boolean; onOpenChange: (open: boolean) => void; casoId: string }) {
  const [chosen, setChosen] = useState<PlantillaEscrito | null>(null);
  useEffect(() => {
    if (!open) setChosen(null);
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader
          title={chosen ? chosen.nombre : 'Generar escrito'}
          description={
            chosen
              ? 'Revisa los datos que llenará el escrito y completa los que faltan.'
              : 'Elige una plantilla: se llena con los datos del expediente y se guarda en los documentos del caso.'
          }
        />
        {open && !chosen ? <TemplatePicker onChoose={setChosen} /> : null}
        {open && chosen ? <EscritoForm casoId={casoId} plantilla={chosen} onBack={() => setChosen(null)} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TemplatePicker({ onChoose }: { onChoose: (plantilla: PlantillaEscrito) => void }) {
  const templates = useEscritoTemplates();
  const uploadTemplate = useUploadTemplate();
  const remove = useDeleteTemplate();
  const [file, setFile] = useState<File | null>(null);
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PlantillaEscrito | null>(null);

  const send = async () => {
    if (!file) return setError(MSG.escritos.sinArchivo);
    setError(null);
    try {
      const result = await uploadTemplate.mutateAsync({ file, nombre: nombre || file.name.replace(/\.docx$/i, '') });
      toast.success(MSG.escritos.subida);
      setFile(null);
      setNombre('');
      onChoose(result.plantilla);
    } catch (caught) {
      setError(serverMessage(caught, MSG.escritos.errorSubir));
    }
  };

  if (templates.isPending) return <LoadingState>Cargando plantillas...</LoadingState>;
  if (templates.isError) return <Alert variant="error">{MSG.escritos.errorCargar}</Alert>;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Plantillas de escritos">
        {templates.data.map((plantilla) => (
          <li key={plantilla.id} className="flex items-start gap-2 p-3">
            <button type="button" className="min-w-0 flex-1 text-left" onClick={() => onChoose(plantilla)}>
              <span className="flex flex-wrap items-center gap-2 font-medium text-primary">
                {plantilla.nombre} {plantilla.propia ? <Badge variant="secondary">Mía</Badge> : null}
              </span>
              {plantilla.descripcion ? <span className="block text-sm text-slate-600">{plantilla.descripcion}</span> : null}
            </button>
            <Button asChild variant="ghost" size="icon" aria-label={`Descargar la plantilla ${plantilla.nombre}`}>
              <a href={templateFileUrl(plantilla.id)} download>
                <Download aria-hidden />
              </a>
            </Button>
            {plantilla.propia ? (
              <Button variant="ghost" size="icon" aria-label={`Eliminar la plantilla ${plantilla.nombre}`} onClick={() => setDeleting(plantilla)}>
                <Trash2 aria-hidden />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <fieldset className="space-y-3 rounded-lg border border-dashed border-border p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">Tu propia plantilla de Word</legend>
        <p className="text-xs text-slate-600">
          Escribe los campos entre llaves donde deban ir los datos, por ejemplo {'{caso.expediente}'}, {'{caso.juzgado}'}, {'{cliente.nombre}'}, {'{abogado.cedula}'} o {'{hoy}'}.
        </p>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <FormField id="escrito-archivo" label="Archivo de Word (.docx)">
          <FileInput id="escrito-archivo" accept=".docx" fileName={file?.name} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </FormField>
        <FormField id="escrito-nombre" label="Nombre de la plantilla (opcional)">
          <Input id="escrito-nombre" value={nombre} onChange={(e) => setNombre(e.target.value)} placeholder={file?.name.replace(/\.docx$/i, '') ?? 'Ej: Demanda de alimentos'} />
        </FormField>
        <Button type="button" variant="outline" onClick={send} disabled={uploadTemplate.isPending}>
          <FileUp aria-hidden /> Subir plantilla
        </Button>
      </fieldset>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title="Eliminar plantilla"
        description={deleting ? `¿Eliminar la plantilla «${deleting.nombre}»? Los escritos ya generados con ella se conservan.` : ''}
        confirmLabel="Eliminar"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => (toast.success(MSG.escritos.eliminada), setDeleting(null)),
            onError: (caught) => toast.error(serverMessage(caught, MSG.escritos.errorCargar)),
          })
        }
      />
    </div>
  );
}

function EscritoForm({ casoId, plantilla, onBack, onDone }: { casoId: string; plantilla: PlantillaEscrito; onBack: () => void; onDone: () => void }) {
  const fields = useEscritoFields(casoId, plantilla.id);
  const generate = useGenerateEscrito(casoId);
  const navigate = useNavigate();
  const [valores, setValores] = useState<Record<string, string>>(() => ({ lugar: localStorage.getItem(LUGAR_KEY) ?? '' }));
  const [nombre, setNombre] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The cédula typed here is offered to the profile: asked once, not in every escrito.
  const [saveCedula, setSaveCedula] = useState(true);
  const setProfile = useSetProfile();

  if (fields.isPending) return <LoadingState>Leyendo la plantilla y el expediente...</LoadingState>;
  if (fields.isError) return <Alert variant="error">{serverMessage(fields.error, MSG.escritos.errorCargar)}</Alert>;
  const known = fields.data.campos.filter((campo) => !campo.desconocido && campo.valor);
  const asked = fields.data.campos.filter((campo) => !campo.desconocido && !campo.valor);
  const unknown = fields.data.campos.filter((campo) => campo.desconocido);
  const askedCedula = asked.some((campo) => campo.clave === 'abogado.cedula');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await generate.mutateAsync({ plantilla: plantilla.id, valores, nombre: nombre ?? fields.data.nombre_sugerido });
      if (valores.lugar) localStorage.setItem(LUGAR_KEY, valores.lugar);
      const cedula = valores['abogado.cedula']?.replace(/\s+/g, '') ?? '';
      if (askedCedula && saveCedula && /^\d{7,8}$/.test(cedula)) {
        // The escrito is made either way; the profile's copy is a convenience, said if it fails.
        await call(profileApi.update, { body: { cedula_profesional: cedula } })
          .then((reply) => {
            setProfile(reply.profile);
            toast.success(MSG.escritos.cedulaGuardada);
          })
          .catch(() => toast.error(MSG.settings.errorPerfil));
      }
      toast.success(MSG.escritos.generado);
      onDone();
      navigate(`/documentos?ver=${result.documento.id}`);
    } catch (caught) {
      setError(serverMessage(caught, MSG.escritos.errorGenerar));
    }
  };
  const input = (clave: string, etiqueta: string, hint?: string, required = false) => (
    <FormField key={clave} id={`campo-${clave}`} label={`${etiqueta}${required ? ' *' : ''}`} hint={hint}>
      {clave === 'peticion' || clave === 'constancias' || clave === 'autorizados' ? (
        <Textarea id={`campo-${clave}`} rows={3} value={valores[clave] ?? ''} onChange={(e) => setValores((current) => ({ ...current, [clave]: e.target.value }))} />
      ) : (
        <Input id={`campo-${clave}`} value={valores[clave] ?? ''} onChange={(e) => setValores((current) => ({ ...current, [clave]: e.target.value }))} />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      {known.length ? (
        <div role="group" aria-label="Datos del expediente" className="rounded-lg border border-border bg-slate-50 p-3 text-sm">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {known.map((campo) => (
              <div key={campo.clave} className="contents">
                <dt className="text-slate-600">{campo.etiqueta}</dt>
                <dd className="break-words text-slate-900">{campo.valor}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {asked.length ? (
        <div className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-800">Completa lo que falta</h3>
          {asked.map((campo) => input(campo.clave, campo.etiqueta, campo.origen && campo.origen !== 'este escrito' ? `No está en ${campo.origen}.` : undefined, true))}
          {askedCedula ? (
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 sm:min-h-0">
              <input type="checkbox" className="size-4 accent-primary" checked={saveCedula} onChange={(event) => setSaveCedula(event.target.checked)} />
              Guardar la cédula en mi perfil para los próximos escritos
            </label>
          ) : null}
        </div>
      ) : null}
      {unknown.length ? (
        <div className="space-y-3">
          <Alert variant="warning">
            La plantilla usa {unknown.length === 1 ? 'un campo' : `${unknown.length} campos`} que Bufete no conoce: {unknown.map((campo) => `{${campo.clave}}`).join(', ')}. Escribe
            su valor o déjalo en blanco.
          </Alert>
          {unknown.map((campo) => input(campo.clave, `{${campo.clave}}`))}
        </div>
      ) : null}
      <FormField id="escrito-archivo-nombre" label="Nombre del archivo">
        <Input id="escrito-archivo-nombre" value={nombre ?? fields.data.nombre_sugerido} onChange={(e) => setNombre(e.target.value)} />
      </FormField>
      <div className="flex justify-start">
        <Button type="button" variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden /> Otra plantilla
        </Button>
      </div>
      <FormDialogFooter onCancel={onDone} submitLabel="Generar y abrir" submitting={generate.isPending} />
    </form>
  );
}

import { DEFAULT_REMINDERS, EMAIL_REMINDER_MINUTES, type Evento, eventoSaveSchema, MSG, POPUP_REMINDER_MINUTES, reminderLabel } from '@bufete/shared';
import { instantIn, timeZoneLabel } from '@bufete/shared/dates';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { TimeInput } from '@/components/ui/time-input';
import { useCaseOptions, useClientOptions } from '@/lib/options';
import { TagPicker } from '@/components/tags/TagPicker';
import { ApiError } from '@/lib/api';
import { useTimeZone } from '@/lib/session';
import { PlazoButton } from './plazos/PlazoButton';
import { useDeleteEvent, useSaveEvent } from './api';
import { defaultSlot, placeOf } from './dates';

/** What opens the dialog: an appointment to edit, or a new one (optionally at a slot, for a case). */
export type EventDialogTarget = { evento: Evento } | { nuevo: { day?: string; hour?: number; casoId?: string; clienteId?: string } };

interface Values {
  titulo: string;
  descripcion: string;
  ubicacion: string;
  inicioDia: string;
  inicioHora: string;
  finDia: string;
  finHora: string;
  recordatorio_email: string;
  recordatorio_popup: string;
  audiencia: boolean;
  caso_id: string;
  cliente_id: string;
  etiquetas: string[];
}

function valuesOf(target: EventDialogTarget, timeZone: string): Values {
  if ('evento' in target) {
    const { evento } = target;
    const start = placeOf(evento.inicio, timeZone);
    const end = placeOf(evento.fin, timeZone);
    return {
      titulo: evento.titulo,
      descripcion: evento.descripcion ?? '',
      ubicacion: evento.ubicacion ?? '',
      inicioDia: start.day,
      inicioHora: start.time,
      finDia: end.day,
      finHora: end.time,
      recordatorio_email: evento.recordatorio_email ? String(evento.recordatorio_email) : 'none',
      recordatorio_popup: evento.recordatorio_popup ? String(evento.recordatorio_popup) : 'none',
      audiencia: evento.audiencia,
      caso_id: evento.caso?.id ?? '',
      cliente_id: evento.cliente?.id ?? '',
      etiquetas: evento.etiquetas.map((tag) => tag.id),
    };
  }
  const slot = defaultSlot(timeZone, target.nuevo.day, target.nuevo.hour);
  return {
    titulo: '',
    descripcion: '',
    ubicacion: '',
    inicioDia: slot.day,
    inicioHora: slot.time,
    finDia: slot.endDay,
    finHora: slot.endTime,
    recordatorio_email: String(DEFAULT_REMINDERS.email),
    recordatorio_popup: String(DEFAULT_REMINDERS.popup),
    audiencia: false,
    caso_id: target.nuevo.casoId ?? '',
    cliente_id: target.nuevo.clienteId ?? '',
    etiquetas: [],
  };
}

/** A day (YYYY-MM-DD) and a time (HH:MM) on the lawyer's clock as an instant, or what was typed (the schema then says what is wrong). */
function instantOf(day: string, time: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return `${day} ${time}`.trim();
  return instantIn(day, time, timeZone).toISOString();
}

/** 'Crear nueva cita' or 'Editar cita' (spec part 2): every field of an appointment, and its deletion. */
export function EventDialog({ target, onOpenChange }: { target: EventDialogTarget | null; onOpenChange: (open: boolean) => void }) {
  const editing = target && 'evento' in target ? target.evento : null;
  return (
    <Dialog open={!!target} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader title={editing ? 'Editar cita' : 'Crear nueva cita'} description={editing ? editing.titulo : 'Agenda una audiencia, una reunión o un plazo.'} />
        {target ? <EventForm key={editing?.id ?? 'nueva'} target={target} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EventForm({ target, onDone }: { target: EventDialogTarget; onDone: () => void }) {
  const timeZone = useTimeZone();
  const editing = 'evento' in target ? target.evento : null;
  const [values, setValues] = useState<Values>(() => valuesOf(target, timeZone));
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'inicio' | 'fin', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const cases = useCaseOptions();
  const clients = useClientOptions();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  // Closed cases are not offered for a new link (spec), but one already linked stays visible.
  const caseOptions = (cases.data ?? []).filter((option) => option.estado !== 'Cerrado' || option.id === values.caso_id);
  if (editing?.caso && !caseOptions.some((option) => option.id === editing.caso!.id)) caseOptions.unshift({ ...editing.caso, estado: 'Activo', cliente_id: null });
  const clientOptions = clients.data ?? (editing?.cliente ? [{ ...editing.cliente, email: null }] : []);

  const chooseCase = (id: string) => {
    const option = cases.data?.find((candidate) => candidate.id === id);
    // Choosing a case brings its client along (spec part 2, section 5).
    setValues((current) => ({ ...current, caso_id: id, cliente_id: option?.cliente_id ?? current.cliente_id }));
  };

  const canSave = !!values.titulo.trim() && !!values.inicioDia && !!values.inicioHora && !!values.finDia && !!values.finHora;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = {
      titulo: values.titulo,
      descripcion: values.descripcion,
      ubicacion: values.ubicacion,
      inicio: instantOf(values.inicioDia, values.inicioHora, timeZone),
      fin: instantOf(values.finDia, values.finHora, timeZone),
      recordatorio_email: values.recordatorio_email,
      recordatorio_popup: values.recordatorio_popup,
      audiencia: values.audiencia,
      caso_id: values.caso_id,
      cliente_id: values.cliente_id,
      etiquetas: values.etiquetas,
    };
    const parsed = eventoSaveSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setErrors({ [String(issue.path[0])]: issue.message });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: editing?.id, input });
      toast.success(editing ? MSG.calendar.actualizado : MSG.calendar.creado);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      else setFormError(MSG.calendar.errorGuardar(error instanceof ApiError ? error.message : MSG.calendar.errorDesconocido));
    }
  };

  const onDelete = () =>
    editing &&
    remove.mutate(editing.id, {
      onSuccess: () => {
        toast.success(MSG.calendar.eliminado);
        setConfirmingDelete(false);
        onDone();
      },
      onError: (error) => toast.error(error instanceof ApiError ? error.message : MSG.calendar.errorDesconocido),
    });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <FormField id="cita-titulo" label="Título *" error={errors.titulo}>
        <Input id="cita-titulo" value={values.titulo} onChange={(e) => set('titulo', e.target.value)} placeholder="Ej: Audiencia de pruebas" aria-invalid={!!errors.titulo} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Inicio *</legend>
          <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-2">
            <DateInput id="cita-inicio-dia" aria-label="Día de inicio" value={values.inicioDia} onChange={(day) => set('inicioDia', day)} aria-invalid={!!errors.inicio} />
            <TimeInput id="cita-inicio-hora" aria-label="Hora de inicio" value={values.inicioHora} onChange={(time) => set('inicioHora', time)} aria-invalid={!!errors.inicio} />
          </div>
          {errors.inicio ? <p className="text-sm text-destructive">{errors.inicio}</p> : null}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Fin *</legend>
          <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-2">
            <DateInput id="cita-fin-dia" aria-label="Día de fin" value={values.finDia} onChange={(day) => set('finDia', day)} aria-invalid={!!errors.fin} />
            <TimeInput id="cita-fin-hora" aria-label="Hora de fin" value={values.finHora} onChange={(time) => set('finHora', time)} aria-invalid={!!errors.fin} />
          </div>
          {errors.fin ? <p className="text-sm text-destructive">{errors.fin}</p> : null}
        </fieldset>
      </div>
      <p className="text-xs text-slate-600" data-testid="event-time-zone">
        Horas en tu zona horaria: {timeZoneLabel(timeZone)} (cámbiala en Configuración → Preferencias).
      </p>
      <FormField id="cita-ubicacion" label="Ubicación" error={errors.ubicacion}>
        <Input id="cita-ubicacion" value={values.ubicacion} onChange={(e) => set('ubicacion', e.target.value)} placeholder="Ej: Juzgado Tercero de lo Civil, sala 2" />
      </FormField>
      <FormField id="cita-descripcion" label="Descripción" error={errors.descripcion}>
        <Textarea id="cita-descripcion" rows={3} value={values.descripcion} onChange={(e) => set('descripcion', e.target.value)} placeholder="Qué llevar, con quién, qué preparar..." />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="cita-recordatorio-email" label="Recordatorio por email" error={errors.recordatorio_email}>
          <Select id="cita-recordatorio-email" value={values.recordatorio_email} onChange={(e) => set('recordatorio_email', e.target.value)}>
            <option value="none">Sin recordatorio</option>
            {EMAIL_REMINDER_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {reminderLabel(minutes)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="cita-recordatorio-popup" label="Aviso en pantalla" error={errors.recordatorio_popup}>
          <Select id="cita-recordatorio-popup" value={values.recordatorio_popup} onChange={(e) => set('recordatorio_popup', e.target.value)}>
            <option value="none">Sin aviso</option>
            {POPUP_REMINDER_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {reminderLabel(minutes)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4 accent-primary" checked={values.audiencia} onChange={(e) => set('audiencia', e.target.checked)} />
        Es una audiencia (aparece en «Próximos vencimientos» y te avisamos el día anterior)
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="cita-caso" label="Caso" error={errors.caso_id ?? (cases.isError ? 'No se pudieron cargar los casos' : undefined)}>
          <Select id="cita-caso" value={values.caso_id} onChange={(e) => chooseCase(e.target.value)}>
            <option value="">Sin caso</option>
            {caseOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.titulo}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="cita-cliente" label="Cliente" error={errors.cliente_id ?? (clients.isError ? 'No se pudieron cargar los clientes' : undefined)}>
          <Select id="cita-cliente" value={values.cliente_id} onChange={(e) => set('cliente_id', e.target.value)}>
            <option value="">Sin cliente</option>
            {clientOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.nombre}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-900" id="cita-etiquetas">
          Etiquetas
        </p>
        <TagPicker selected={values.etiquetas} onChange={(ids) => set('etiquetas', ids)} />
        {errors.etiquetas ? <p className="text-sm text-destructive">{errors.etiquetas}</p> : null}
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        ¿Es un vencimiento procesal? <PlazoButton variant="ghost" casoId={values.caso_id || undefined} />
      </p>
      <DialogFooter className="sm:justify-between">
        {editing ? (
          <Button variant="outline" className="text-red-700 hover:text-red-800" onClick={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden /> Eliminar
          </Button>
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!canSave || save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {editing ? 'Guardar cambios' : 'Crear cita'}
          </Button>
        </div>
      </DialogFooter>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Eliminar cita"
        description={MSG.calendar.confirmarEliminar}
        busy={remove.isPending}
        onConfirm={onDelete}
      />
    </form>
  );
}

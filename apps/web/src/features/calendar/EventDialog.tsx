import { type Evento, eventoSaveSchema } from '@bufete/shared/calendario';
import { MSG } from '@bufete/shared/messages';
import { DEFAULT_REMINDERS, EMAIL_REMINDER_MINUTES, POPUP_REMINDER_MINUTES, reminderLabel } from '@bufete/shared/values/calendario';
import { instantIn, timeZoneLabel } from '@bufete/shared/dates';
import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
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
import { serverMessage, serverSays } from '@/lib/api';
import { useSchemaForm } from '@/lib/forms';
import { checkedAsWire } from '@/lib/schema-check';
import { useTimeZone } from '@/lib/session';
import { PlazoButton } from './plazos/PlazoButton';
import { useDeleteEvent, useSaveEvent } from './api';
import { defaultSlot, endFollowingStart, placeOf } from './dates';

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

/** The appointment as the contract takes it: the typed days and hours as instants. */
function wireOf({ inicioDia, inicioHora, finDia, finHora, ...values }: Values, timeZone: string) {
  return { ...values, inicio: instantOf(inicioDia, inicioHora, timeZone), fin: instantOf(finDia, finHora, timeZone) };
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
  // The contract's check, its messages on the day the person typed (the start's or the end's).
  const schema = useMemo(() => checkedAsWire<Values>(eventoSaveSchema, (values) => wireOf(values, timeZone), { inicio: 'inicioDia', fin: 'finDia' }), [timeZone]);
  const form = useSchemaForm<Values>(schema, valuesOf(target, timeZone));
  const { errors } = form.formState;
  const values = form.watch();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const cases = useCaseOptions();
  const clients = useClientOptions();

  // Closed cases are not offered for a new link (spec), but one already linked stays visible.
  const caseOptions = (cases.data ?? []).filter((option) => option.estado !== 'Cerrado' || option.id === values.caso_id);
  if (editing?.caso && !caseOptions.some((option) => option.id === editing.caso!.id)) caseOptions.unshift({ ...editing.caso, estado: 'Activo', cliente_id: null });
  const clientOptions = clients.data ?? (editing?.cliente ? [{ ...editing.cliente, email: null }] : []);

  const chooseCase = (id: string) => {
    const option = cases.data?.find((candidate) => candidate.id === id);
    form.setValue('caso_id', id);
    // Choosing a case brings its client along (spec part 2, section 5).
    if (option?.cliente_id) form.setValue('cliente_id', option.cliente_id);
  };

  // The end moves with the start, keeping the appointment's length: moving a hearing to 12:00 does not leave it ending at 11:00.
  const moveStart = (change: (value: string) => void, next: Partial<Pick<Values, 'inicioDia' | 'inicioHora'>>) => {
    const before = form.getValues();
    change(Object.values(next)[0]!);
    const end = endFollowingStart(before, { inicioDia: next.inicioDia ?? before.inicioDia, inicioHora: next.inicioHora ?? before.inicioHora });
    if (end) {
      form.setValue('finDia', end.finDia);
      form.setValue('finHora', end.finHora);
    }
  };

  const canSave = !!values.titulo.trim() && !!values.inicioDia && !!values.inicioHora && !!values.finDia && !!values.finHora;

  const onSubmit = form.handleSubmit(async (typed) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: editing?.id, input: wireOf(typed, timeZone) });
      toast.success(editing ? MSG.calendar.actualizado : MSG.calendar.creado);
      onDone();
    } catch (error) {
      const field = serverSays(error) && error.field ? ({ inicio: 'inicioDia', fin: 'finDia' }[error.field] ?? error.field) : null;
      if (field && field in typed) form.setError(field as keyof Values, { type: 'server', message: serverMessage(error, MSG.calendar.errorDesconocido) }, { shouldFocus: true });
      else setFormError(MSG.calendar.errorGuardar(serverMessage(error, MSG.calendar.errorDesconocido)));
    }
  });

  const onDelete = () =>
    editing &&
    remove.mutate(editing.id, {
      onSuccess: () => {
        toast.success(MSG.calendar.eliminado);
        setConfirmingDelete(false);
        onDone();
      },
      onError: (error) => toast.error(serverMessage(error, MSG.calendar.errorDesconocido)),
    });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <FormField id="cita-titulo" label="Título *" error={errors.titulo?.message}>
        <Input id="cita-titulo" {...form.register('titulo')} placeholder="Ej: Audiencia de pruebas" aria-invalid={!!errors.titulo} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Inicio *</legend>
          <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-2">
            <Controller
              control={form.control}
              name="inicioDia"
              render={({ field }) => (
                <DateInput
                  id="cita-inicio-dia"
                  aria-label="Día de inicio"
                  value={field.value}
                  onChange={(day) => moveStart(field.onChange, { inicioDia: day })}
                  aria-invalid={!!errors.inicioDia}
                />
              )}
            />
            <Controller
              control={form.control}
              name="inicioHora"
              render={({ field }) => (
                <TimeInput
                  id="cita-inicio-hora"
                  aria-label="Hora de inicio"
                  value={field.value}
                  onChange={(time) => moveStart(field.onChange, { inicioHora: time })}
                  aria-invalid={!!errors.inicioDia}
                />
              )}
            />
          </div>
          {errors.inicioDia ? <p className="text-sm text-destructive">{errors.inicioDia.message}</p> : null}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Fin *</legend>
          <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-2">
            <Controller
              control={form.control}
              name="finDia"
              render={({ field }) => <DateInput id="cita-fin-dia" aria-label="Día de fin" value={field.value} onChange={field.onChange} aria-invalid={!!errors.finDia} />}
            />
            <Controller
              control={form.control}
              name="finHora"
              render={({ field }) => <TimeInput id="cita-fin-hora" aria-label="Hora de fin" value={field.value} onChange={field.onChange} aria-invalid={!!errors.finDia} />}
            />
          </div>
          {errors.finDia ? <p className="text-sm text-destructive">{errors.finDia.message}</p> : null}
        </fieldset>
      </div>
      <p className="text-xs text-slate-600" data-testid="event-time-zone">
        Horas en tu zona horaria: {timeZoneLabel(timeZone)} (cámbiala en Configuración → Preferencias).
      </p>
      <FormField id="cita-ubicacion" label="Ubicación" error={errors.ubicacion?.message}>
        <Input id="cita-ubicacion" {...form.register('ubicacion')} placeholder="Ej: Juzgado Tercero de lo Civil, sala 2" />
      </FormField>
      <FormField id="cita-descripcion" label="Descripción" error={errors.descripcion?.message}>
        <Textarea id="cita-descripcion" rows={3} {...form.register('descripcion')} placeholder="Qué llevar, con quién, qué preparar..." />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="cita-recordatorio-email" label="Recordatorio por email" error={errors.recordatorio_email?.message}>
          <Select id="cita-recordatorio-email" {...form.register('recordatorio_email')}>
            <option value="none">Sin recordatorio</option>
            {EMAIL_REMINDER_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {reminderLabel(minutes)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="cita-recordatorio-popup" label="Aviso en pantalla" error={errors.recordatorio_popup?.message}>
          <Select id="cita-recordatorio-popup" {...form.register('recordatorio_popup')}>
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
        <input type="checkbox" className="size-4 accent-primary" {...form.register('audiencia')} />
        Es una audiencia (aparece en «Próximos vencimientos» y te avisamos el día anterior)
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="cita-caso" label="Caso" error={errors.caso_id?.message ?? (cases.isError ? 'No se pudieron cargar los casos' : undefined)}>
          <Select id="cita-caso" value={values.caso_id} onChange={(e) => chooseCase(e.target.value)}>
            <option value="">Sin caso</option>
            {caseOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.titulo}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="cita-cliente" label="Cliente" error={errors.cliente_id?.message ?? (clients.isError ? 'No se pudieron cargar los clientes' : undefined)}>
          <Select id="cita-cliente" {...form.register('cliente_id')}>
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
        <Controller control={form.control} name="etiquetas" render={({ field }) => <TagPicker selected={field.value} onChange={field.onChange} />} />
        {errors.etiquetas ? <p className="text-sm text-destructive">{errors.etiquetas.message}</p> : null}
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

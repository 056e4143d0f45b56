import type { Cliente } from '@bufete/shared/clientes';
import { MSG } from '@bufete/shared/messages';
import { recordatorioCreateSchema } from '@bufete/shared/recordatorios';
import { z } from '@bufete/shared/zod';
import { instantIn, timeZoneLabel } from '@bufete/shared/dates';
import { CalendarClock, Send } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { TimeInput } from '@/components/ui/time-input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useFormSubmit, useSchemaForm } from '@/lib/forms';
import { useTimeZone } from '@/lib/session';
import { useSendReminder } from './api';
import { ReminderList } from './ReminderList';

/** Email to a client, now or at a scheduled time, with the client's reminders below. */
export function EmailReminderDialog({ cliente, onOpenChange }: { cliente: Cliente | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!cliente} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {cliente ? (
          <>
            <DialogHeader title={`Enviar email a ${cliente.nombre}`} description={cliente.email ?? undefined} />
            <EmailForm cliente={cliente} onDone={() => onOpenChange(false)} />
            <ReminderList clienteId={cliente.id} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form holds the day and time as typed (on the lawyer's clock); the wire
 * takes one instant. Its subject and message are the contract's; the day and
 * time must come together and be readable.
 */
const emailFormSchema = recordatorioCreateSchema
  .pick({ subject: true, message: true })
  .extend({ day: z.string(), time: z.string() })
  .superRefine(({ day, time }, ctx) => {
    if (!day.trim() && !time.trim()) return;
    if (!day.trim() || !time.trim()) ctx.addIssue({ code: 'custom', path: [day.trim() ? 'time' : 'day'], message: MSG.reminders.programacionIncompleta });
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) ctx.addIssue({ code: 'custom', path: ['day'], message: MSG.reminders.fechaInvalida });
    else if (!/^\d{2}:\d{2}$/.test(time)) ctx.addIssue({ code: 'custom', path: ['time'], message: MSG.reminders.horaInvalida });
  });
type EmailValues = { subject: string; message: string; day: string; time: string };
const EMPTY: EmailValues = { subject: '', message: '', day: '', time: '' };

function EmailForm({ cliente, onDone }: { cliente: Cliente; onDone: () => void }) {
  const send = useSendReminder(cliente.id);
  // The day and time the lawyer types are on their own clock (Preferencias), whatever the browser's.
  const timeZone = useTimeZone();
  const form = useSchemaForm<EmailValues>(emailFormSchema, EMPTY);
  const [day, time] = form.watch(['day', 'time']);
  const scheduling = !!(day.trim() || time.trim());
  const { errors } = form.formState;

  // Validation (400) and the per-user email limits (429) explain themselves.
  const { onSubmit, error: serverError } = useFormSubmit(form, { fields: [], unexpected: MSG.reminders.errorEnviando }, async (values) => {
    const at = values.day.trim() ? instantIn(values.day, values.time, timeZone).toISOString() : null;
    const result = await send.mutateAsync({ subject: values.subject.trim(), message: values.message.trim(), scheduled_for: at });
    toast.success(result.message);
    if (!at) onDone();
    form.reset(EMPTY);
  });

  // The spec shows one message above the form: the first of what is wrong, in the form's order.
  const error = serverError ?? errors.subject?.message ?? errors.message?.message ?? errors.day?.message ?? errors.time?.message ?? null;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="email-asunto" label="Asunto">
        <Input id="email-asunto" {...form.register('subject')} placeholder="Ej: Recordatorio de audiencia" />
      </FormField>
      <FormField id="email-mensaje" label="Mensaje">
        <Textarea id="email-mensaje" rows={6} {...form.register('message')} placeholder="Escribe tu mensaje..." />
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Programar envío (opcional)</legend>
        <p className="mt-0.5 text-xs text-slate-600">Déjalo vacío para enviarlo ahora. Hora de tu zona: {timeZoneLabel(timeZone)}.</p>
        <div className="mt-2 grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
          <FormField id="email-programado-dia" label="Día">
            <Controller control={form.control} name="day" render={({ field }) => <DateInput id="email-programado-dia" value={field.value} onChange={field.onChange} />} />
          </FormField>
          <FormField id="email-programado-hora" label="Hora">
            <Controller control={form.control} name="time" render={({ field }) => <TimeInput id="email-programado-hora" value={field.value} onChange={field.onChange} />} />
          </FormField>
        </div>
      </fieldset>
      <DialogFooter className="mt-4">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : scheduling ? <CalendarClock aria-hidden /> : <Send aria-hidden />}
          {send.isPending ? 'Enviando...' : scheduling ? 'Programar envío' : 'Enviar ahora'}
        </Button>
      </DialogFooter>
    </form>
  );
}

import type { Cliente, ReminderStatus } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import { CalendarClock, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { formatShortDateTime, toDateTimeLocal } from '@/lib/format';
import { useCancelReminder, useReminders, useSendReminder } from './api';

const STATUS: Record<ReminderStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Programado', variant: 'warning' },
  sending: { label: 'Enviando', variant: 'default' },
  sent: { label: 'Enviado', variant: 'success' },
  failed: { label: 'Fallido', variant: 'destructive' },
  cancelled: { label: 'Cancelado', variant: 'secondary' },
};

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

function EmailForm({ cliente, onDone }: { cliente: Cliente; onDone: () => void }) {
  const send = useSendReminder(cliente.id);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [scheduledFor, setScheduledFor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const min = toDateTimeLocal(new Date());

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!subject.trim() || !message.trim()) {
      setError(MSG.reminders.camposObligatorios);
      return;
    }
    try {
      const result = await send.mutateAsync({
        subject: subject.trim(),
        message: message.trim(),
        // The browser's local time, sent as an absolute instant.
        scheduledFor: scheduledFor ? new Date(scheduledFor).toISOString() : null,
      });
      toast.success(result.message);
      if (!scheduledFor) onDone();
      setSubject('');
      setMessage('');
      setScheduledFor('');
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 400 ? caught.message : MSG.reminders.errorEnviando);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="email-asunto" label="Asunto">
        <Input id="email-asunto" value={subject} onChange={(e) => setSubject(e.target.value)} placeholder="Ej: Recordatorio de audiencia" />
      </FormField>
      <FormField id="email-mensaje" label="Mensaje">
        <Textarea id="email-mensaje" rows={6} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="Escribe tu mensaje..." />
      </FormField>
      <FormField id="email-programado" label="Programar envío (opcional)" hint="Déjalo vacío para enviarlo ahora.">
        <Input id="email-programado" type="datetime-local" min={min} value={scheduledFor} onChange={(e) => setScheduledFor(e.target.value)} />
      </FormField>
      <DialogFooter className="mt-4">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : scheduledFor ? <CalendarClock aria-hidden /> : <Send aria-hidden />}
          {send.isPending ? 'Enviando...' : scheduledFor ? 'Programar envío' : 'Enviar ahora'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ReminderList({ clienteId }: { clienteId: string }) {
  const reminders = useReminders(clienteId, true);
  const cancel = useCancelReminder(clienteId);

  const onCancel = (id: string) =>
    cancel.mutate(id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(error instanceof ApiError && error.status === 409 ? error.message : MSG.reminders.errorCancelando),
    });

  return (
    <section className="mt-6 border-t border-border pt-4" aria-labelledby="recordatorios-titulo">
      <h3 id="recordatorios-titulo" className="text-sm font-semibold text-slate-900">
        Emails y recordatorios
      </h3>
      {reminders.isError ? (
        <Alert variant="error" className="mt-2">
          {MSG.reminders.errorObteniendo}
        </Alert>
      ) : reminders.isPending ? (
        <p className="mt-2 text-sm text-slate-500">Cargando...</p>
      ) : reminders.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Todavía no has enviado emails a este cliente.</p>
      ) : (
        <ul className="mt-2 max-h-56 divide-y divide-border overflow-y-auto" data-testid="reminder-list">
          {reminders.data.map((reminder) => (
            <li key={reminder.id} className="flex items-center gap-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{reminder.subject}</p>
                <p className="text-xs text-slate-500">
                  {reminder.status === 'sent' && reminder.sent_at ? `Enviado el ${formatShortDateTime(reminder.sent_at)}` : `Programado para el ${formatShortDateTime(reminder.scheduled_for)}`}
                  {reminder.status === 'failed' && reminder.last_error ? ` · ${reminder.last_error}` : ''}
                </p>
              </div>
              <Badge variant={STATUS[reminder.status].variant}>{STATUS[reminder.status].label}</Badge>
              {reminder.status === 'pending' ? (
                <Button variant="ghost" size="sm" onClick={() => onCancel(reminder.id)} disabled={cancel.isPending} aria-label={`Cancelar ${reminder.subject}`}>
                  Cancelar
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { ReminderStatus } from '@bufete/shared/recordatorios';
import { MSG } from '@bufete/shared/messages';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { serverMessage, statusOf } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { useTimeZone } from '@/lib/session';
import { useCancelReminder, useReminders } from './api';

const STATUS: Record<ReminderStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Programado', variant: 'warning' },
  sending: { label: 'Enviando', variant: 'default' },
  sent: { label: 'Enviado', variant: 'success' },
  failed: { label: 'Fallido', variant: 'destructive' },
  cancelled: { label: 'Cancelado', variant: 'secondary' },
};

/** A client's emails and reminders, newest first, with a way to cancel what is still scheduled. */
export function ReminderList({ clienteId, className = 'mt-6 border-t border-border pt-4' }: { clienteId: string; className?: string }) {
  const reminders = useReminders(clienteId, true);
  const timeZone = useTimeZone();
  const cancel = useCancelReminder(clienteId);

  const onCancel = (id: string) =>
    cancel.mutate(id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(statusOf(error) === 409 ? serverMessage(error, MSG.reminders.errorCancelando) : MSG.reminders.errorCancelando),
    });

  return (
    <section className={className} aria-labelledby={`recordatorios-${clienteId}`}>
      <h3 id={`recordatorios-${clienteId}`} className="text-sm font-semibold text-slate-900">
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
            <li key={reminder.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <div className="min-w-[12rem] flex-1">
                <p className="font-medium break-words text-slate-900">{reminder.subject}</p>
                <p className="text-xs text-slate-500">
                  {reminder.status === 'sent' && reminder.sent_at
                    ? `Enviado el ${formatShortDateTime(reminder.sent_at, timeZone)}`
                    : `Programado para el ${formatShortDateTime(reminder.scheduled_for, timeZone)}`}
                  {reminder.status === 'failed' && reminder.last_error ? ` · ${reminder.last_error}` : ''}
                  {/* Waiting for a retry: the lawyer sees why it has not gone out yet. */}
                  {reminder.status === 'pending' && reminder.attempts > 0 && reminder.last_error ? ` · Se reintentará: ${reminder.last_error}` : ''}
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

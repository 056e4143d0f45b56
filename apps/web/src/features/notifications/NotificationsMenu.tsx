import type { Notificacion } from '@bufete/shared/notificaciones';
import type { NotificacionTipo } from '@bufete/shared/values/notificaciones';
import { AlertTriangle, CalendarClock, CalendarX, FileX, Gavel, ListTodo, type LucideIcon, MailCheck, MailX, Receipt, Sparkles, Newspaper, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { DeferredMenuProps } from '@/components/ui/deferred-menu';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { formatShortDateTime } from '@/lib/format';
import { useTimeZone } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useMarkAllRead, useMarkRead, useNotifications } from './api';

const ICON: Record<NotificacionTipo, LucideIcon> = {
  cita_proxima: CalendarClock,
  correo_enviado: MailCheck,
  correo_fallido: MailX,
  factura_vencida: Receipt,
  cuota_ia: Sparkles,
  google_desconectado: CalendarX,
  vencimiento: Gavel,
  cfdi_cancelacion: FileX,
  cfdi_complemento: FileX,
  boletin: Newspaper,
  portal: UserRound,
  tarea_asignada: ListTodo,
};

/** The bell's menu (loaded when first reached for: NotificationsBell): the newest notifications, each opening its record. */
export default function NotificationsMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = notifications.data?.no_leidas ?? 0;
  const items = notifications.data?.items ?? [];

  const open = (notificacion: Notificacion) => {
    if (!notificacion.leida) markRead.mutate(notificacion.id);
    navigate(notificacion.enlace);
  };

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1.5rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-1">
          <DropdownMenuLabel className="p-0 text-sm font-semibold">Notificaciones</DropdownMenuLabel>
          <DropdownMenuItem
            disabled={!unread || markAll.isPending}
            // Stays open: the lawyer sees every row turn read.
            onSelect={(event) => {
              event.preventDefault();
              markAll.mutate();
            }}
            className="text-sm font-medium text-blue-700"
          >
            Marcar todo como leído
          </DropdownMenuItem>
        </div>
        <DropdownMenuSeparator className="m-0" />
        <div className="max-h-[60vh] overflow-y-auto py-1">
          {notifications.isError ? (
            <p role="none" className="flex items-center gap-2 px-3 py-4 text-sm text-slate-600">
              <AlertTriangle className="size-4" aria-hidden /> No se pudieron cargar tus notificaciones.
            </p>
          ) : items.length === 0 ? (
            <p role="none" className="px-3 py-6 text-center text-sm text-slate-600">
              No tienes notificaciones.
            </p>
          ) : (
            items.map((notificacion) => {
              const Icon = ICON[notificacion.tipo];
              return (
                <DropdownMenuItem key={notificacion.id} onSelect={() => open(notificacion)} className={cn('items-start gap-3 px-3 py-2', !notificacion.leida && 'bg-blue-50/60')}>
                  <Icon className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className={cn('block text-sm text-slate-900', !notificacion.leida && 'font-semibold')}>
                      {notificacion.titulo}
                      {!notificacion.leida ? <span className="sr-only"> (sin leer)</span> : null}
                    </span>
                    {notificacion.detalle ? <span className="block text-xs text-slate-600">{notificacion.detalle}</span> : null}
                    <span className="block text-xs text-slate-500">{formatShortDateTime(notificacion.created_at, timeZone)}</span>
                  </span>
                </DropdownMenuItem>
              );
            })
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

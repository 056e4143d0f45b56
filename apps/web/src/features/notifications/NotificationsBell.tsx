import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DeferredMenu } from '@/components/ui/deferred-menu';
import { lazyWithPreload } from '@/lib/lazy';
import { useNotifications } from './api';

const NotificationsMenu = lazyWithPreload(() => import('./NotificationsMenu'));

/** The top bar's bell: the unread count; its menu lists the newest notifications. */
export function NotificationsBell() {
  const notifications = useNotifications();
  const unread = notifications.data?.no_leidas ?? 0;
  return (
    <DeferredMenu
      menu={NotificationsMenu}
      trigger={
        // The name comes from the content ("Notificaciones 3 sin leer"): the visible count is part of it.
        <Button variant="ghost" size="icon" className="relative">
          <Bell className="size-5" aria-hidden />
          <span className="sr-only">Notificaciones </span>
          {unread ? (
            <span
              className="absolute top-1.5 right-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-semibold text-white"
              data-testid="notifications-count"
            >
              {unread > 99 ? '99+' : unread}
              <span className="sr-only"> sin leer</span>
            </span>
          ) : null}
        </Button>
      }
    />
  );
}

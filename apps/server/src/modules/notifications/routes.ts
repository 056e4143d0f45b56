import { notificacionesApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { NotificationService } from './service';

export function notificationRoutes({ on }: Router, { notifications }: { notifications: NotificationService }) {
  on(notificacionesApi.list, async ({ user, query }) => notifications.list(user.id, query.cursor));
  on(notificacionesApi.read, async ({ user, params }) => {
    await notifications.markRead(user.id, params.id);
    return { ok: true as const };
  });
  on(notificacionesApi.readAll, async ({ user }) => {
    await notifications.markAllRead(user.id);
    return { ok: true as const };
  });
}

import { notificacionesApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { NotificationService } from './service';

export function notificationRoutes({ on }: Router, { notifications }: { notifications: NotificationService }) {
  on(notificacionesApi.list, async ({ user, query }) => notifications.list(user.id, user.personId, query.cursor));
  on(notificacionesApi.read, async ({ user, params }) => {
    await notifications.markRead(user.id, user.personId, params.id);
    return { ok: true as const };
  });
  on(notificacionesApi.readAll, async ({ user }) => {
    await notifications.markAllRead(user.id, user.personId);
    return { ok: true as const };
  });
}

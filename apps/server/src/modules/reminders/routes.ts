import { MSG, recordatoriosApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { ReminderService } from './service';

export function reminderRoutes({ on }: Router, { reminders }: { reminders: ReminderService }) {
  const options = { unauthenticatedMessage: MSG.http.unauthenticated };
  on(recordatoriosApi.list, async ({ user, query }) => ({ items: await reminders.list(user.id, query.cliente_id) }), options);
  on(
    recordatoriosApi.send,
    async ({ user, body }) => {
      const { message, recordatorio } = await reminders.send(user.id, body);
      return { message, recordatorio };
    },
    options,
  );
  on(recordatoriosApi.cancel, async ({ user, params }) => ({ recordatorio: await reminders.cancel(user.id, params.id), message: MSG.reminders.cancelado }), options);
}

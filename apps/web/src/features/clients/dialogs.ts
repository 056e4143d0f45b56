import { lazyDialog } from '@/components/ui/dialog';

/** The clients feature's dialogs: each loads, with its form (schemas and zod), the first time it opens (docs/decisions/0028). */
export const ClientDialog = lazyDialog(
  () => import('./ClientDialog').then((m) => m.ClientDialog),
  (props) => props.open,
);
export const EmailReminderDialog = lazyDialog(
  () => import('./reminders/EmailReminderDialog').then((m) => m.EmailReminderDialog),
  (props) => props.cliente !== null,
);

export { EmailReminderDialog, ReminderList } from './EmailReminderDialog';
export { reminderKeys } from './api';

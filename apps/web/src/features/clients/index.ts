import { lazyWithPreload } from '@/lib/lazy';

export const ClientsPage = lazyWithPreload(() => import('./ClientsPage'));
export { clientKeys, useClient } from './api';
export { useClientActions } from './useClientActions';
export { ReminderList } from './reminders/ReminderList';
export { ExportClientButton } from './ExportClientButton';
export { EraseClientButton } from './EraseClientDialog';
export { PortalCard } from './PortalCard';

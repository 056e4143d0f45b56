import { lazyWithPreload } from '@/lib/lazy';

/** The calendar feature: its screens (each its own chunk), and what other features use of it. */
export const CalendarPage = lazyWithPreload(() => import('./CalendarPage'));
export const CalendarCallbackPage = lazyWithPreload(() => import('./CalendarCallbackPage'));
export const CalendarDiagnosticPage = lazyWithPreload(() => import('./CalendarDiagnosticPage'));
export { calendarKeys } from './api';
export { CaseAppointments } from './CaseAppointments';
export { CalendarFeedRow, GoogleIntegrationRow } from './IntegrationsGoogle';
export { useAppointmentReminders } from './reminders';
/** Plazos: the 'Calcular plazo' dialog, opened from a case page and from the calendar. */
export { PlazoButton } from './plazos/PlazoButton';

import { lazy } from 'react';

/** The calendar feature: its screens (each its own chunk), and what other features use of it. */
export const CalendarPage = lazy(() => import('./CalendarPage'));
export const CalendarCallbackPage = lazy(() => import('./CalendarCallbackPage'));
export const CalendarDiagnosticPage = lazy(() => import('./CalendarDiagnosticPage'));
export { calendarKeys } from './api';
export { CaseAppointments } from './CaseAppointments';
export { CalendarFeedRow, GoogleIntegrationRow } from './IntegrationsGoogle';
export { useAppointmentReminders } from './reminders';

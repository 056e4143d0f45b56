/*
 * Every table, gathered for Drizzle (client and migrations). Each table is
 * defined by the module that owns it; nothing else is defined here.
 */
export * from '../auth/schema';
export * from '../http/schema';
export * from '../jobs/schema';
export * from '../storage/quota-schema';
export * from '../modules/account/schema';
export * from '../modules/profile/schema';
export * from '../modules/clients/schema';
export * from '../modules/cases/schema';
export * from '../modules/parties/schema';
export * from '../modules/bulletins/schema';
export * from '../modules/reminders/schema';
export * from '../modules/documents/schema';
export * from '../modules/proceedings/schema';
export * from '../modules/tags/schema';
export * from '../modules/notes/schema';
export * from '../modules/images/schema';
export * from '../modules/calendar/schema';
export * from '../modules/ai/schema';
export * from '../modules/invoices/schema';
export * from '../modules/time/schema';
export * from '../modules/notifications/schema';
export * from '../modules/plazos/schema';
export * from '../modules/dashboard/schema';
export * from '../modules/history/schema';
export * from '../modules/cfdi/schema';
export * from '../modules/portal/schema';
export * from '../modules/payments/schema';
export * from '../modules/portability/schema';
export * from '../modules/tasks/schema';
export * from '../modules/escritos/schema';
export * from '../modules/team/schema';

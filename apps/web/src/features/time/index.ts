/** Billable time: the case's 'Tiempo' tab and a client's unbilled time. */
export { CaseTime, ClientTime } from './TimeEntries';
export { timeKeys } from './api';

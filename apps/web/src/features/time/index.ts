/** Billable time: the case's 'Tiempo' tab and a client's unbilled time. */
export { type BillTimeDialog, CaseTime, ClientTime } from './TimeEntries';
export { TimerSlot } from './TimerSlot';
export { timeKeys } from './api';

/** Billable time: the case's 'Tiempo' tab and a client's unbilled time. */
export { type BillTimeDialog, CaseTime, ClientTime } from './TimeEntries';
export { TimerChip } from './timer';
export { timeKeys } from './api';

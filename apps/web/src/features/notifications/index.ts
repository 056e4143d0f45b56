/** The notifications feature: the top bar's bell (the rows are written by the server's modules). */
export { NotificationsBell } from './NotificationsBell';
export { notificationKeys } from './api';

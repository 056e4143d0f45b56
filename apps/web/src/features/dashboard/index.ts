/** The dashboard's data (the page that shows it is composed in app/pages: it reads several areas). */
export { dashboardKeys, prefetchDashboard, useDashboard } from './api';

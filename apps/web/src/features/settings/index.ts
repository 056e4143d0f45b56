/** Settings: the tabs of Configuración (the page, which also shows the calendar's rows, is composed in app/pages). */
export { PreferencesTab } from './PreferencesTab';
export { ProfileTab } from './ProfileTab';
export { SecurityTab } from './SecurityTab';
export { DataTab } from './DataTab';

import { lazyWithPreload } from '@/lib/lazy';

/** Tasks and matter templates (issue 36): the page, a case's tab and the quick add from the keyboard. */
export const TasksPage = lazyWithPreload(() => import('./TasksPage'));
export { CaseTasks } from './CaseTasks';
export { QuickTask } from './QuickTask';

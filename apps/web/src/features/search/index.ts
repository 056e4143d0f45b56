import { lazyWithPreload } from '@/lib/lazy';

/** The search feature: the top bar's box and the full results page. */
export const SearchPage = lazyWithPreload(() => import('./SearchPage'));
export { SearchBox } from './SearchBox';
export { searchKeys } from './api';

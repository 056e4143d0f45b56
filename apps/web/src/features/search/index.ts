import { lazy } from 'react';

/** The search feature: the top bar's box and the full results page. */
export const SearchPage = lazy(() => import('./SearchPage'));
export { SearchBox } from './SearchBox';
export { searchKeys } from './api';

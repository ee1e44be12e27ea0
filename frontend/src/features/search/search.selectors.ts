import { createSelector } from 'reselect';
import type { SearchState } from './search.slice.ts';

interface WithSearch {
  readonly search: SearchState;
}

export const selectSearchStatus = (state: WithSearch) => state.search.status;
export const selectSearchResults = createSelector([(state: WithSearch) => state.search.byId, (state: WithSearch) => state.search.ids], (byId, ids) =>
  ids.map((id) => byId[id]!),
);
export const selectNoHotelsFound = createSelector(
  [selectSearchStatus, selectSearchResults],
  (status, results) => status === 'succeeded' && results.length === 0,
);

/** Search results for the current /search-hotel query. */
import type { Hotel, LoadStatus } from '../../lib/models.ts';
import { normalise } from '../../lib/models.ts';

export interface SearchState {
  readonly query: Readonly<Record<string, string>> | null;
  readonly byId: Record<string, Hotel>;
  readonly ids: readonly string[];
  readonly status: LoadStatus;
  readonly error: string | null;
}

const initialSearchState: SearchState = { query: null, byId: {}, ids: [], status: 'idle', error: null };

export const searchActions = {
  requested: (payload: { query: Record<string, string> }) => ({ type: 'search/requested' as const, payload }),
  succeeded: (payload: { hotels: Hotel[] }) => ({ type: 'search/succeeded' as const, payload }),
  failed: (payload: { message: string }) => ({ type: 'search/failed' as const, payload }),
};

export type SearchAction = ReturnType<(typeof searchActions)[keyof typeof searchActions]>;

export function searchReducer(state: SearchState = initialSearchState, action: { type: string }): SearchState {
  const a = action as SearchAction;
  switch (a.type) {
    case 'search/requested':
      return { ...state, query: a.payload.query, status: 'loading', error: null };
    case 'search/succeeded':
      return { ...state, ...normalise(a.payload.hotels), status: 'succeeded', error: null };
    case 'search/failed':
      return { ...state, byId: {}, ids: [], status: 'failed', error: a.payload.message };
    default:
      return state;
  }
}

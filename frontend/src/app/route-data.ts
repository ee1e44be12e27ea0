/**
 * Route loaders that ask for what a page shows as soon as the router matches its address,
 * so the request runs while the page's lazy chunk downloads and evaluates, instead of from
 * the page's first effect after that. On a phone with a 4× slower CPU that effect came
 * ~0.5 s after the match (docs/benchmarks.md). A loader runs on every navigation to its
 * route and again when the query string changes, as the pages' effects did; it returns
 * nothing: the sagas put the answers in the store, where the pages read them.
 */
import type { LoaderFunction } from 'react-router-dom';
import { hotelsActions } from '../features/hotels/hotels.slice.ts';
import { searchQueryOf } from '../features/search/search-query.ts';
import { searchActions } from '../features/search/search.slice.ts';
import { sessionActions } from '../features/session/session.slice.ts';
import type { AppStore } from './store.ts';

export interface RouteData {
  /** Home: every hotel, for the slider and the suggestions. */
  readonly home: LoaderFunction;
  /** /search-hotel: the results of the address's query; the hotel list for suggestions when not yet asked for. */
  readonly search: LoaderFunction;
  /** A hotel's page: the hotel and its rooms; the room selection is cleared (spec section 4). */
  readonly hotel: LoaderFunction;
}

export function routeData(store: AppStore): RouteData {
  const { dispatch } = store;
  return {
    home: () => {
      dispatch(hotelsActions.listRequested());
      return null;
    },
    search: ({ request }) => {
      dispatch(searchActions.requested({ query: searchQueryOf(new URL(request.url).search) }));
      if (store.getState().hotels.list.status === 'idle') dispatch(hotelsActions.listRequested());
      return null;
    },
    hotel: ({ params }) => {
      const hotelId = params.hotelID ?? '';
      dispatch(hotelsActions.detailRequested({ hotelId }));
      dispatch(hotelsActions.roomsRequested({ hotelId }));
      dispatch(sessionActions.roomSelected({ roomId: null }));
      return null;
    },
  };
}

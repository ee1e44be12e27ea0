/**
 * The store: one reducer per feature, the saga middleware running the root saga with
 * the API modules passed in (tests pass stubs), and the session persisted under `root`.
 * DOM-free: unit tests build it in Node.
 */
import { applyMiddleware, combineReducers, legacy_createStore as createStore, type Reducer, type Store } from 'redux';
import createSagaMiddleware from 'redux-saga';
import { bookingReducer } from '../features/booking/booking.slice.ts';
import { bookingsReducer } from '../features/bookings/bookings.slice.ts';
import { hotelsReducer } from '../features/hotels/hotels.slice.ts';
import { ownerBookingsReducer } from '../features/owner-bookings/owner-bookings.slice.ts';
import { ownerHotelReducer } from '../features/owner-hotel/owner-hotel.slice.ts';
import { ownerRoomsReducer } from '../features/owner-rooms/owner-rooms.slice.ts';
import { searchReducer } from '../features/search/search.slice.ts';
import { persistedSession, restoredSession, sessionActions, sessionReducer, type SessionState } from '../features/session/session.slice.ts';
import { setUnauthorizedHandler } from '../lib/api-client-hooks.ts';
import { loadPersistedSession, savePersistedSession } from '../lib/persist.ts';
import { rootSaga, type Apis } from './root-saga.ts';

const reducers = {
  session: sessionReducer,
  hotels: hotelsReducer,
  search: searchReducer,
  booking: bookingReducer,
  bookings: bookingsReducer,
  ownerHotel: ownerHotelReducer,
  ownerRooms: ownerRoomsReducer,
  ownerBookings: ownerBookingsReducer,
};
export const rootReducer = combineReducers(reducers);

export type RootState = ReturnType<typeof rootReducer>;
export interface AppStore extends Store<RootState> {
  /**
   * Adds the reducer (under `key`) and saga of a feature whose screens load lazily, so its
   * code stays out of the first download; a second call for the same key does nothing.
   */
  injectFeature(key: string, reducer: Reducer, saga: () => Generator): void;
}

export function createAppStore(apis: Apis, options: { persist?: boolean } = {}): AppStore {
  const persist = options.persist ?? true;
  const sagaMiddleware = createSagaMiddleware();
  const session = persist ? restoredSession(loadPersistedSession<Partial<SessionState>>()) : undefined;
  const base = createStore(rootReducer, session === undefined ? undefined : ({ session } as Partial<RootState>), applyMiddleware(sagaMiddleware));
  sagaMiddleware.run(rootSaga, apis);
  const injected: Record<string, Reducer> = {};
  const store: AppStore = Object.assign(base, {
    injectFeature(key: string, reducer: Reducer, saga: () => Generator) {
      if (Object.hasOwn(injected, key)) return;
      injected[key] = reducer;
      base.replaceReducer(combineReducers({ ...reducers, ...injected }) as unknown as typeof rootReducer);
      sagaMiddleware.run(saga);
    },
  });

  if (persist) {
    let last = store.getState().session;
    store.subscribe(() => {
      const current = store.getState().session;
      if (current === last) return;
      const before = persistedSession(last);
      last = current;
      const now = persistedSession(current);
      if (before.currentUser !== now.currentUser || before.error !== now.error || before.selectedRoom !== now.selectedRoom) savePersistedSession(now);
    });
    setUnauthorizedHandler(() => store.dispatch(sessionActions.expired()));
  }
  return store;
}

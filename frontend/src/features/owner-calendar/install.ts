/** Gives a store the owner calendar's reducer and saga when its screen first loads (its code stays out of the first download). */
import type { Reducer } from 'redux';
import type { OwnerCalendarApi } from './api/owner-calendar-api.ts';
import { ownerCalendarSaga } from './owner-calendar.saga.ts';
import { ownerCalendarReducer, type OwnerCalendarState } from './owner-calendar.slice.ts';

interface FeatureStore {
  injectFeature(key: string, reducer: Reducer, saga: () => Generator): void;
}

export const OWNER_CALENDAR_KEY = 'ownerCalendar';

export function installOwnerCalendar(store: FeatureStore, api: OwnerCalendarApi): void {
  store.injectFeature(OWNER_CALENDAR_KEY, ownerCalendarReducer as Reducer, () => ownerCalendarSaga(api));
}

export type WithOwnerCalendar = { readonly [OWNER_CALENDAR_KEY]?: OwnerCalendarState };

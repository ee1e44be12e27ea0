import { createSelector } from 'reselect';
import type { BookingsState } from './bookings.slice.ts';

interface WithBookings {
  readonly bookings: BookingsState;
}

export const selectBookingsState = (state: WithBookings) => state.bookings;
export const selectBookings = createSelector([(state: WithBookings) => state.bookings.byId, (state: WithBookings) => state.bookings.ids], (byId, ids) =>
  ids.map((id) => byId[id]!),
);
export const selectHasBookings = createSelector([selectBookings], (bookings) => bookings.length > 0);
export const selectBookingCancel = (state: WithBookings) => state.bookings.cancel;

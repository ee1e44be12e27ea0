import { createSelector } from 'reselect';
import type { BookingView } from '@stays/contracts';
import type { BookingsState } from './bookings.slice.ts';

interface WithBookings {
  readonly bookings: BookingsState;
}

export const selectBookingsState = (state: WithBookings) => state.bookings;
export const selectBookings = createSelector([(state: WithBookings) => state.bookings.byId, (state: WithBookings) => state.bookings.ids], (byId, ids) =>
  ids.map((id) => byId[id]!));
export const selectHasBookings = createSelector([selectBookings], (bookings) => bookings.length > 0);
export const selectBookingCancel = (state: WithBookings) => state.bookings.cancel;

/** What the guest pays: total minus discount (spec section 3). */
export const amountPaid = (booking: Pick<BookingView, 'totalAmount' | 'discountAmount'>): number => booking.totalAmount - booking.discountAmount;

/** A booking the guest may still cancel: upcoming and not cancelled. */
export const canCancel = (booking: Pick<BookingView, 'dateOfCommencement' | 'status'>, now: Date = new Date()): boolean =>
  booking.status !== 'cancelled' && new Date(booking.dateOfCommencement).getTime() > now.getTime();

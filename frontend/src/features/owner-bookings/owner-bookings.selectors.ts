import type { BookingView } from '@stays/contracts';
import { createSelector } from 'reselect';
import type { OwnerBookingsState } from './owner-bookings.slice.ts';

interface WithOwnerBookings {
  readonly ownerBookings: OwnerBookingsState;
}

export const selectOwnerBookingsState = (state: WithOwnerBookings) => state.ownerBookings;
export const selectOwnerBookings = createSelector(
  [(state: WithOwnerBookings) => state.ownerBookings.byId, (state: WithOwnerBookings) => state.ownerBookings.ids],
  (byId, ids) => ids.map((id) => byId[id]!),
);
/** NEW BOOKINGS shows only when the owner's hotel has bookings. */
export const selectOwnerHasBookings = createSelector(
  [selectOwnerBookings, (_: WithOwnerBookings, hotelId: string | null) => hotelId, (state: WithOwnerBookings) => state.ownerBookings.hotelId],
  (bookings, hotelId, loadedFor) => hotelId !== null && loadedFor === hotelId && bookings.length > 0,
);
export const selectMarkPaid = (state: WithOwnerBookings) => state.ownerBookings.markPaid;

/** The owner may record the payment of a confirmed pay-at-hotel booking not yet paid. */
export const canMarkPaid = (booking: Pick<BookingView, 'isPaymentDone' | 'status'>): boolean => !booking.isPaymentDone && booking.status !== 'cancelled';

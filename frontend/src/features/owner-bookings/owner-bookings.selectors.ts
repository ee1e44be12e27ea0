import { STAY_PHASES, stayPhaseOf, type BookingView, type StayPhase } from '@stays/contracts';
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
export const selectUndoPayment = (state: WithOwnerBookings) => state.ownerBookings.undoPayment;

/** The owner may record the payment of a confirmed pay-at-hotel booking not yet paid. */
export const canMarkPaid = (booking: Pick<BookingView, 'isPaymentDone' | 'status'>): boolean => !booking.isPaymentDone && booking.status !== 'cancelled';

/** Milliseconds as m:ss, rounded up to the second: a window with 9 min 59.2 s left reads 10:00, and 0:01 until it has ended. */
export function minutesAndSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The owner's arrivals view: which phase, which payments, and text to find. */
export interface ArrivalsFilter {
  readonly phase: StayPhase | 'all';
  readonly payment: 'any' | 'paid' | 'unpaid';
  /** Matched against the booking ID and the guest's name, ignoring case. */
  readonly text: string;
}

/** Past and cancelled bookings read newest first; everything else in the order guests arrive. */
const newestFirst = (phase: ArrivalsFilter['phase']) => phase === 'past' || phase === 'cancelled';

const byCheckIn = (a: BookingView, b: BookingView) =>
  a.dateOfCommencement.slice(0, 10).localeCompare(b.dateOfCommencement.slice(0, 10)) || a.bookingID.localeCompare(b.bookingID);

/** The bookings the filter keeps, sorted by check-in. */
export function arrivalsOf(bookings: readonly BookingView[], filter: ArrivalsFilter, now: Date): BookingView[] {
  const text = filter.text.trim().toLowerCase();
  const kept = bookings.filter(
    (booking) =>
      (filter.phase === 'all' || stayPhaseOf(booking, now) === filter.phase) &&
      (filter.payment === 'any' || booking.isPaymentDone === (filter.payment === 'paid')) &&
      (text === '' || booking.bookingID.toLowerCase().includes(text) || booking.customerName.toLowerCase().includes(text)),
  );
  kept.sort(byCheckIn);
  return newestFirst(filter.phase) ? kept.reverse() : kept;
}

/** How many bookings each phase holds, for the filter's labels. */
export function phaseCounts(bookings: readonly BookingView[], now: Date): Record<StayPhase, number> {
  const counts = Object.fromEntries(STAY_PHASES.map((phase) => [phase, 0])) as Record<StayPhase, number>;
  for (const booking of bookings) counts[stayPhaseOf(booking, now)] += 1;
  return counts;
}

/**
 * The command side's guard on a booking. The booking aggregate itself (stream
 * `booking-{bookingID}`) is in contracts (`aggregates/booking.ts`) because the auditors'
 * as-of view folds it with the same evolve; the decisions on it are in the use case
 * folders beside this file.
 */
import { messages, type BookingState } from '@stays/contracts';
import { NotFound } from '../domain-errors.ts';

/** The booking, once placed; a booking that does not exist is not found. */
export function placedBooking(state: BookingState): Exclude<BookingState, { status: 'none' }> {
  if (state.status === 'none') throw new NotFound(messages.server.bookingNotFound);
  return state;
}

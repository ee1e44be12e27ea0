/**
 * The booking aggregate (stream `booking-{bookingID}`). Its state and evolve live in
 * contracts (the auditors' as-of view folds with the same evolve); the decisions on it
 * live in the use case folders beside this file.
 */
import { messages, type BookingState } from '@stays/contracts';
import { NotFound } from '../domain-errors.ts';

export { bookingAggregate, type BookingState, type PlacedBooking } from '@stays/contracts';

/** The booking, once placed; a booking that does not exist is not found. */
export function placedBooking(state: BookingState): Exclude<BookingState, { status: 'none' }> {
  if (state.status === 'none') throw new NotFound(messages.server.bookingNotFound);
  return state;
}

/**
 * The cancellation terms the booking emails quote, read in one place from what the
 * booking's events record: the policy the booking was made under (BookingPlaced, older
 * bookings upcast to the terms before policies), and the charge and refund the decider
 * recorded with the cancellation (BookingCancelled).
 */
import type { BookingState, CancellationPolicy, PlacedBooking } from '@stays/contracts';
import type { CancellationForEmails } from './booking-emails.ts';

/** The policy `booking` was made under. */
export const policyOfBooking = (booking: PlacedBooking): CancellationPolicy => booking.cancellationPolicy;

/** The booking's cancellation as recorded; null while it is not cancelled. */
export const cancellationOfBooking = (state: Exclude<BookingState, { status: 'none' }>): CancellationForEmails | null => state.cancellation;

/**
 * Cancelling a booking: its guest may, before its first night (India time), unless the
 * owner has recorded its payment (the money is settled at the hotel, not online).
 * What cancelling costs is decided here, under the policy the booking was made under, and
 * recorded in the event. Cancelling twice changes nothing; the handler then gives back
 * what the booking held.
 */
import { cancellationTermsNow, messages, whyNotCancellable, type BookingEvent, type BookingState } from '@stays/contracts';
import { Conflict, Forbidden } from '../../domain-errors.ts';
import { placedBooking } from '../booking.ts';

export function cancelBooking(command: { customerId: string; now: Date }, state: BookingState): BookingEvent[] {
  const booking = placedBooking(state);
  if (booking.booking.customerId !== command.customerId) throw new Forbidden(messages.server.notYourBooking);
  const refusal = whyNotCancellable(
    { status: booking.status === 'cancelled' ? 'cancelled' : 'confirmed', isPaymentDone: booking.paid, dateOfCommencement: booking.booking.dateOfCommencement },
    command.now,
  );
  if (refusal === 'cancelled') return [];
  if (refusal === 'paid') throw new Conflict(messages.server.paidBookingNotCancellable);
  if (refusal === 'started') throw new Conflict(messages.server.bookingAlreadyStarted);
  // a booking that can still be cancelled is unpaid (pay at the hotel): nothing to refund
  const { chargeAmount, refundAmount } = cancellationTermsNow(booking.booking.cancellationPolicy, booking.booking, command.now);
  return [
    {
      type: 'BookingCancelled',
      data: { bookingID: booking.booking.bookingID, customerId: command.customerId, cancelledAt: command.now.toISOString(), chargeAmount, refundAmount },
    },
  ];
}

/** Recording a pay-at-hotel payment: only the hotel's owner, never for a cancelled booking; recording it twice changes nothing. */
import { messages, type BookingEvent, type BookingState } from '@stays/contracts';
import { Conflict, Forbidden } from '../../domain-errors.ts';
import { placedBooking } from '../booking.ts';

export function markPaid(command: { ownerId: string; now: Date }, state: BookingState): BookingEvent[] {
  const booking = placedBooking(state);
  if (booking.booking.ownerId !== command.ownerId) throw new Forbidden(messages.server.notYourBooking);
  if (booking.status === 'cancelled') throw new Conflict(messages.server.bookingCancelled);
  if (booking.paid) return [];
  return [{ type: 'BookingPaymentReceived', data: { bookingID: booking.booking.bookingID, ownerId: command.ownerId, receivedAt: command.now.toISOString() } }];
}

/**
 * Undoing a recorded payment: only the hotel's owner, only a booking whose payment is
 * recorded, and only within `limits.paymentUndoMinutes` of recording it; after that it is
 * final. An undo of a booking with no payment recorded (never paid, or already undone) is
 * refused rather than ignored: the owner asked to take back something that is not there.
 */
import { limits, messages, paymentUndoMsLeft, type BookingEvent, type BookingState } from '@stays/contracts';
import { Conflict, Forbidden } from '../../domain-errors.ts';
import { placedBooking } from '../booking.ts';

export function undoPayment(command: { ownerId: string; now: Date }, state: BookingState): BookingEvent[] {
  const booking = placedBooking(state);
  if (booking.booking.ownerId !== command.ownerId) throw new Forbidden(messages.server.notYourBooking);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the booking's evolve sets paid and paidAt together, so either test alone gives the same answer; both narrow paidAt
  if (!booking.paid || booking.paidAt === null) throw new Conflict(messages.paymentUndo.notPaid);
  if (paymentUndoMsLeft(booking.paidAt, command.now) === 0) throw new Conflict(messages.paymentUndo.windowOver(limits.paymentUndoMinutes));
  return [{ type: 'BookingPaymentUndone', data: { bookingID: booking.booking.bookingID, ownerId: command.ownerId, undoneAt: command.now.toISOString() } }];
}

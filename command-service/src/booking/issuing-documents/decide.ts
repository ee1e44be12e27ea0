/**
 * Recording a booking's documents (the booking documents reactor drives it, no route):
 * its invoice once issued, and once more after a cancellation that cost something (that
 * invoice shows the charge); its confirmation email and each notice once sent; and, among
 * competing reactors, the one that takes a notice upon itself before sending it. Recording
 * any again changes nothing.
 */
import { needsCancellationInvoice, type BookingEvent, type BookingNotice, type BookingState } from '@stays/contracts';
import { Conflict } from '../../domain-errors.ts';
import { placedBooking } from '../booking.ts';

/** `showsCancellation`: the PDF was rendered with the booking's cancellation and its charge. */
export function recordInvoice(command: { url: string; mediaId: string; showsCancellation: boolean }, state: BookingState): BookingEvent[] {
  const booking = placedBooking(state);
  if (booking.invoice !== null && !needsCancellationInvoice(booking)) return [];
  // cancelled with a charge while this invoice was rendered without it: the reactor renders it again
  // Stryker disable next-line ConditionalExpression,OptionalChaining: only a cancelled booking has a cancellation, so its charge alone says cancelled
  if (booking.status === 'cancelled' && (booking.cancellation?.chargeAmount ?? 0) > 0 && !command.showsCancellation) {
    throw new Conflict(`booking ${booking.booking.bookingID} was cancelled with a charge while its invoice was rendered`);
  }
  return [{ type: 'InvoiceIssued', data: { bookingID: booking.booking.bookingID, invoicePDF: command.url, mediaId: command.mediaId } }];
}

export function recordEmailSent(command: { messageId: string }, state: BookingState): BookingEvent[] {
  const booking = placedBooking(state);
  if (booking.emailSent) return [];
  return [{ type: 'BookingEmailSent', data: { bookingID: booking.booking.bookingID, messageId: command.messageId } }];
}

export function recordNoticeSent(command: { notice: BookingNotice; messageId: string }, state: BookingState): BookingEvent[] {
  const booking = placedBooking(state);
  if (booking.noticesSent.includes(command.notice)) return [];
  return [{ type: 'BookingNoticeSent', data: { bookingID: booking.booking.bookingID, notice: command.notice, messageId: command.messageId } }];
}

/** A competing reactor takes a notice upon itself: nothing when it is sent or already taken (by this reactor or another). */
export function claimNotice(command: { notice: BookingNotice }, state: BookingState): BookingEvent[] {
  const booking = placedBooking(state);
  if (booking.noticesSent.includes(command.notice) || booking.noticesClaimed.includes(command.notice)) return [];
  return [{ type: 'BookingNoticeClaimed', data: { bookingID: booking.booking.bookingID, notice: command.notice } }];
}

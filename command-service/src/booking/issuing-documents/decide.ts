/**
 * Recording a booking's documents (the booking documents reactor drives it, no route):
 * its invoice once issued, its confirmation email and each notice once sent. Recording any again changes nothing.
 */
import type { BookingEvent, BookingNotice, BookingState } from '@stays/contracts';
import { placedBooking } from '../booking.ts';

export function recordInvoice(command: { url: string; mediaId: string }, state: BookingState): BookingEvent[] {
  const booking = placedBooking(state);
  if (booking.invoice !== null) return [];
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
